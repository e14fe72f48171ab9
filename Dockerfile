# Two stages: dependencies are installed before the source is copied, so a code change rebuilds fast.
FROM python:3.11-slim AS deps
WORKDIR /app
COPY pyproject.toml README.md ./
# Install only the dependencies (the package itself comes in the next stage).
RUN python -c "import tomllib;d=tomllib.load(open('pyproject.toml','rb'));print('\n'.join(d['project']['dependencies']))" > requirements.txt \
    && pip install --no-cache-dir -r requirements.txt

FROM deps AS app
COPY bot ./bot
COPY cogs ./cogs
COPY questions ./questions
RUN pip install --no-cache-dir --no-deps . \
    && useradd --create-home --uid 10001 bvunzo \
    && mkdir -p /data && chown bvunzo /data
USER bvunzo
ENV BVUNZO_DB=/data/bvunzo.db \
    BVUNZO_QUESTIONS=/app/questions \
    BVUNZO_HTTP=127.0.0.1:8080 \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
# /healthz on the container's own loopback: gateway connected, heartbeat recent, database answering.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["bvunzo", "health"]
CMD ["python", "-m", "bot"]
