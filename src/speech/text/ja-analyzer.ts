import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../errors.js';

/**
 * The Japanese morphological analyzer: npm `kuromoji` (Apache-2.0) with the IPADIC dictionary it
 * ships (`dict/*.dat.gz`, 18 MB on disk). Loaded once per process, lazily, the first time Japanese
 * text is prepared: the load reads and unpacks the dictionary (~1.3-1.8 s here, with at most ~0.1 s
 * of it blocking the event loop at a time) and keeps ~300 MB resident, so it is never loaded for
 * processes that do not speak Japanese. Nothing is fetched from the network.
 */

/** One morpheme as kuromoji reports it (IPADIC features; `*` means none). */
export interface KuromojiToken {
  surface_form: string;
  /** Part of speech: 名詞, 動詞, 助詞, 助動詞, 記号, ... */
  pos: string;
  pos_detail_1: string;
  /** 1-based position of the surface in the analyzed string, in UTF-16 units. */
  word_position: number;
  /** Katakana reading (`キョウ`); absent for unknown words. */
  reading?: string;
  /** Katakana pronunciation (`キョー`, particle は → `ワ`); absent for unknown words. */
  pronunciation?: string;
  word_type: 'KNOWN' | 'UNKNOWN';
}

export interface JapaneseAnalyzer {
  tokenize(text: string): KuromojiToken[];
}

interface KuromojiModule {
  builder(options: { dicPath: string }): {
    build(callback: (error: Error | null, tokenizer: JapaneseAnalyzer) => void): void;
  };
}

// A variable specifier keeps TypeScript from looking for type declarations the package lacks.
const PACKAGE: string = 'kuromoji';

let analyzer: Promise<JapaneseAnalyzer> | null = null;

/** The process's analyzer, loading it on first use; a failed load is retried by the next call. */
export function getJapaneseAnalyzer(): Promise<JapaneseAnalyzer> {
  analyzer ??= load();
  analyzer.catch(() => {
    analyzer = null;
  });
  return analyzer;
}

async function load(): Promise<JapaneseAnalyzer> {
  let module: KuromojiModule;
  let dicPath: string;
  try {
    const imported = (await import(PACKAGE)) as { default?: KuromojiModule } & KuromojiModule;
    module = imported.default ?? imported;
    // The package's entry is src/kuromoji.js; its dictionary sits beside src/.
    dicPath = path.join(path.dirname(fileURLToPath(import.meta.resolve(PACKAGE))), '..', 'dict');
  } catch (error) {
    throw new AppError('service_unavailable', `The Japanese analyzer (npm kuromoji) is not installed: ${String(error)}`);
  }
  return new Promise((resolve, reject) => {
    module.builder({ dicPath }).build((error, tokenizer) => {
      if (error) {
        reject(new AppError('provider_error', `The Japanese dictionary failed to load: ${error.message}`));
      } else {
        resolve(tokenizer);
      }
    });
  });
}
