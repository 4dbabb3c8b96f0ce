"""The summary ``bengal generate`` prints (report/text.generated_lines): nouns agree with their
counts, and the language line's counts have thousands separators like every other line."""

from bengal.report.text import counted, generated_lines


def _stats(**more):
    base = {"documents": 1, "sentences": 1, "mentions": 1, "distinct_uris": 1, "density": 0.2}
    return {**base, **more}


def test_one_of_each_is_singular():
    line = generated_lines(_stats(), "x.ttl", "x.ttl.manifest.json", 0.2, 0.2, "star")[0]
    assert line == "wrote 1 document, 1 sentence, 1 mention (1 distinct URI) to x.ttl; manifest x.ttl.manifest.json"


def test_several_are_plural():
    line = generated_lines(_stats(documents=2, sentences=0, mentions=12, distinct_uris=3), "x.ttl", "m", 0.2, 0.2,
                           "star")[0]
    assert line == "wrote 2 documents, 0 sentences, 12 mentions (3 distinct URIs) to x.ttl; manifest m"


def test_the_language_line_separates_thousands():
    lang = {"lang": "es", "pool": {"entities": 57445, "labelled": 19898, "person_fallback": 37547},
            "mentions_by_label": 1234, "mentions_by_person_fallback": 5, "fallback_share": 5 / 1239}
    lines = generated_lines(_stats(language=lang), "x.ttl", "m", 0.2, 0.2, "star")
    assert lines[2] == ("language es: reachable pool 57,445 entities (19,898 labelled, 37,547 persons by English "
                        "title); mentions named by label 1,234, by English title 5 (0.4%)")


def test_a_density_given_as_a_number_is_said_once_a_preset_with_its_number():
    for density, target, said in [("high", 0.21, "target high = 0.21"), (0.05, 0.05, "target 0.05"),
                                  ("0.050", 0.05, "target 0.05")]:
        line = generated_lines(_stats(density=0.21), "x.ttl", "m", density, target, "star")[1]
        assert line.startswith(f"density reached: 0.210 mentions/token ({said})"), line


def test_the_density_line_points_to_the_manifest_only_when_the_target_is_out_of_reach():
    reach = {"within_15pct": False, "off_by": 2.0, "side": "below", "why": "…"}
    missed = generated_lines(_stats(density=0.15, density_reach=reach), "x.ttl", "m", 0.05, 0.05, "sym")[1]
    assert missed == ("density reached: 0.150 mentions/token (target 0.05); the target is out of reach of --strategy "
                      "sym on this KB (more than 15 % off; why: the manifest's stats.density_reach)")
    met = generated_lines(_stats(density=0.16), "x.ttl", "m", 0.15, 0.15, "sym")[1]
    assert met == "density reached: 0.160 mentions/token (target 0.15)"


def test_density_reach_is_said_past_15_percent_of_the_target_on_either_side():
    from bengal.generate.stats import density_reach
    assert density_reach(0.17, 0.15) is None  # 13 % above
    assert density_reach(0.13, 0.15) is None  # 13 % below
    below = density_reach(0.15, 0.05)  # 0.05 asked, 0.15 reached: three times the target
    assert below is not None and below["side"] == "below" and below["off_by"] == 2.0
    above = density_reach(0.18, 0.25)
    assert above is not None and above["side"] == "above" and above["off_by"] == -0.28
    assert below["why"] != above["why"]


def test_counted_agrees_with_its_number():
    assert [counted(n, "mention") for n in (0, 1, 2)] == ["0 mentions", "1 mention", "2 mentions"]


def test_the_ambiguity_line_counts_rare_senses_when_the_manifest_has_them():
    amb = {"target": 1.0, "share": 0.4, "kb_names": {"share": 0.391},
           "rare_senses": {"asked": True, "mentions": 1126, "ambiguous_mentions": 1167}}
    line = generated_lines(_stats(ambiguity=amb), "x.ttl", "m", 0.2, 0.2, "star")[2]
    assert line == ("ambiguity reached: 0.400 of mentions (target 1); by the KB's names alone 0.391 (bengal stats' "
                    "ambiguous_mention_share); rare senses 1,126 of 1,167 ambiguous mentions (--rare-senses)")
    without = {**amb, "rare_senses": {**amb["rare_senses"], "asked": False}}
    assert generated_lines(_stats(ambiguity=without), "x.ttl", "m", 0.2, 0.2, "star")[2].endswith(
        "(without --rare-senses)")
    older = {k: v for k, v in amb.items() if k != "rare_senses"}  # a manifest written before the count
    assert generated_lines(_stats(ambiguity=older), "x.ttl", "m", 0.2, 0.2, "star")[2].endswith(
        "ambiguous_mention_share)")
