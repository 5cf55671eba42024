export { Voicelib, decodeAudio } from './client.js';
export type {
  CaptionsQuery,
  CloneRequest,
  GenerationRecord,
  HistoryPage,
  HistoryQuery,
  Lexicon,
  LexiconRequest,
  LexiconSummary,
  PageQuery,
  PreviewsRequest,
  SaveDesignRequest,
  TtsRequest,
  TtsStream,
  TtsStreamRequest,
  VoiceQuery,
  VoicelibOptions,
} from './client.js';
export { VoicelibError } from './errors.js';
export type { components, paths } from './schema.js';
