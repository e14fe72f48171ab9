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
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
