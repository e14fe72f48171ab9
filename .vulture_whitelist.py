# Names vulture (.ci/run) takes for dead code that are read where it cannot see; patterns live in
# pyproject.toml's [tool.vulture]. Each line names what reads it.
_ = None
_.absorb_fragments  # bot/cli/catalog_tools.py: the lead merges catalog fragments with it
_.value_text, _.horizontal, _.bold, _.top_wrong, _.median_seconds  # read by the Jinja templates in bot/web/templates
_.average_points  # read by the assignments page's template (bot/web/templates/assignments.html)
_.question_number, _.member_name, _.choice_letter  # bot/results/result_rows.py: result columns, read by name
_.ChampionPeriod, _.MOST_CHAMPIONS, _.LEARN, _.CLAIM_KINDS, _.ROUND_STATUSES, _.OUTCOMES  # documented vocabularies
(
    _.DISCORD_EMBED_TOTAL,
    _.DISCORD_BUTTON_LABEL,
)  # bot/bank/part_sizes.py: the limits the validator's frame derives from
_.check_choice_name, _.confirmed, _.has_route, _.schema_errors  # test helpers kept for the fake Discord
_.claimed_at  # bot/store/calendar_records.py: OccurrenceRecord keeps when the claim was made, as stored
_.created_by, _.uploaded_at, _.expires_at  # bot/store/sql/rows.py: written to their columns by field name
_.seen_at  # bot/store/face_records.py: MemberFace keeps when it was written, as stored (bot/store/sql/faces.py)
_.dont_write_bytecode  # tests/conftest.py: sys.dont_write_bytecode, read by the interpreter
_.tempdir  # tests/conftest.py: tempfile.tempdir, read by tempfile.gettempdir()
_.setDocumentLocator, _.startElement, _.endElement  # bot/bank/importers/xml_tree.py: called by the SAX parser
_.__getattr__  # bot/store/__init__.py: a module's __getattr__ (PEP 562), called by the import system
