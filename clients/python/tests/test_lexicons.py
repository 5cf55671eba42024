"""Pronunciation lexicons through the SDK (docs/text.md, "Lexicons"): the JSON and PLS routes, and
lexicon_ids on speech requests, against the real server."""
from typing import Iterator, List

import pytest

from voicelib import Client, VoicelibError

TEXT = "The W3C likes tomato soup."
# Far longer than "W3C" as espeak-ng reads it, so the alias shows in the word's timing.
ALIAS = {"text": "W3C", "alias": "the World Wide Web Consortium of standards bodies"}
# v-lite (espeak-ng) takes no IPA: it reads the word as written and answers ignored_lexicon_ipa.
IPA = {"text": "tomato", "ipa": "təmˈɑːtoʊ", "case_sensitive": True}


@pytest.fixture()
def made(vl: Client) -> Iterator[List[str]]:
    """Ids of lexicons a test made: whatever it did not delete itself is deleted after it."""
    ids: List[str] = []
    yield ids
    for lexicon_id in ids:
        try:
            vl.lexicons.delete(lexicon_id)
        except VoicelibError as error:
            if error.code != "not_found":
                raise


def word_span(vl: Client, generation_id: str, word: str) -> float:
    words = vl.tts.captions_json(generation_id, mode="word")["words"]
    timing = next(w for w in words if w["word"] == word)
    return timing["end"] - timing["start"]


def test_lexicon_lifecycle(vl: Client, voice: str, made: List[str]):
    created = vl.lexicons.create("Python lexicon", [ALIAS, IPA], language="en-US")
    made.append(created["lexicon_id"])
    assert created["lexicon_id"].startswith("lex_")
    assert (created["name"], created["language"], created["workspace_id"]) == ("Python lexicon", "en-US", None)
    assert created["entries"] == [{**ALIAS, "case_sensitive": False}, IPA]

    summary = next(s for s in vl.lexicons.list() if s["lexicon_id"] == created["lexicon_id"])
    assert summary["entry_count"] == 2 and "entries" not in summary
    assert vl.lexicons.get(created["lexicon_id"]) == created

    gif = {"text": "gif", "ipa": "ɡɪf", "case_sensitive": False}
    updated = vl.lexicons.update(created["lexicon_id"], "Python lexicon, renamed", [ALIAS, IPA, gif], language="en-US")
    assert updated["name"] == "Python lexicon, renamed"
    assert updated["entries"] == [{**ALIAS, "case_sensitive": False}, IPA, gif]
    assert updated["updated_at"] >= created["updated_at"]
    assert vl.lexicons.get(created["lexicon_id"]) == updated

    # Export, then import as a second lexicon: the same entries (IPA and case rule kept).
    pls = vl.lexicons.export_pls(created["lexicon_id"])
    assert pls.startswith("<?xml") and "<grapheme>W3C</grapheme>" in pls and "təmˈɑːtoʊ" in pls
    imported = vl.lexicons.import_pls("Imported from Python", pls)
    made.append(imported["lexicon_id"])
    assert imported["lexicon_id"] != created["lexicon_id"]
    assert (imported["name"], imported["language"]) == ("Imported from Python", "en-US")
    assert imported["entries"] == updated["entries"]
    # No name given: the document's own (vl:name) is kept.
    replaced = vl.lexicons.replace_pls(imported["lexicon_id"], pls.replace("<grapheme>gif<", "<grapheme>jif<"))
    assert replaced["name"] == "Python lexicon, renamed"
    assert [e["text"] for e in replaced["entries"]] == ["W3C", "tomato", "jif"]

    # In speech: the alias is spoken, the captions keep the written words; the IPA is warned about.
    plain = vl.tts.create(TEXT, voice, model="v-lite", format="WAV")
    spoken = vl.tts.create(TEXT, voice, model="v-lite", format="WAV", lexicon_ids=[created["lexicon_id"]])
    assert spoken.status in ("pending", "ready") and spoken.audio[:4] == b"RIFF"
    assert [w["code"] for w in spoken.warnings] == ["ignored_lexicon_ipa"]
    assert plain.warnings == []
    words = vl.tts.captions_json(spoken.id, mode="word")["words"]
    assert [w["word"] for w in words] == TEXT.split(" ")
    assert word_span(vl, spoken.id, "W3C") > 2 * word_span(vl, plain.id, "W3C")
    with vl.tts.stream(TEXT, voice, model="v-lite", format="WAV", lexicon_ids=[imported["lexicon_id"]]) as stream:
        assert b"".join(stream)[:4] == b"RIFF"
    for generation_id in (plain.id, spoken.id, stream.generation_id):
        vl.tts.delete(generation_id)

    for lexicon_id in (created["lexicon_id"], imported["lexicon_id"]):
        assert vl.lexicons.delete(lexicon_id) == {"ok": True, "id": lexicon_id, "deleted": True}
    for gone in (vl.lexicons.get, vl.lexicons.export_pls, vl.lexicons.delete):
        with pytest.raises(VoicelibError) as info:
            gone(created["lexicon_id"])
        assert (info.value.status, info.value.code) == (404, "not_found")
    assert created["lexicon_id"] not in [s["lexicon_id"] for s in vl.lexicons.list()]


def test_unknown_lexicon_ids_refuse_speech(vl: Client, voice: str):
    with pytest.raises(VoicelibError) as info:
        vl.tts.create(TEXT, voice, model="v-lite", lexicon_ids=["lex_does_not_exist"])
    assert (info.value.status, info.value.code) == (404, "not_found")
    with pytest.raises(VoicelibError) as info:
        vl.tts.stream(TEXT, voice, model="v-lite", lexicon_ids=["lex_does_not_exist"])
    assert (info.value.status, info.value.code) == (404, "not_found")


def test_refused_lexicons_raise_the_api_code(vl: Client, made: List[str]):
    with pytest.raises(VoicelibError) as info:
        vl.lexicons.import_pls("Broken", "<lexicon><lexeme>")
    assert (info.value.status, info.value.code) == (400, "bad_request")
    assert "line" in info.value.message
    # Well-formed XML that is not a PLS lexicon.
    with pytest.raises(VoicelibError) as info:
        vl.lexicons.import_pls(None, '<?xml version="1.0"?><html/>')
    assert (info.value.status, info.value.code) == (422, "validation_error")
    with pytest.raises(VoicelibError) as info:
        vl.lexicons.create("Both", [{"text": "x", "alias": "ex", "ipa": "ɛks"}])
    assert (info.value.status, info.value.code) == (422, "validation_error")

    # A refused replacement stores nothing.
    kept = vl.lexicons.create("Kept", [ALIAS])
    made.append(kept["lexicon_id"])
    with pytest.raises(VoicelibError) as info:
        vl.lexicons.replace_pls(kept["lexicon_id"], "<lexicon><lexeme>")
    assert info.value.status == 400
    assert vl.lexicons.get(kept["lexicon_id"]) == kept
