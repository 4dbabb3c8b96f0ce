"""The languages of the verbaliser: one lexicon per language (``<code>.toml``, data) and the rules
that read the non-English lexicons' grammar tables (:mod:`bengal.generate.lang.rules`)."""
