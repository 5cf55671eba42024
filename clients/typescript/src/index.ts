export { Voicelib, decodeAudio } from './client.js';
export type {
  CaptionsQuery,
  CloneRequest,
  PageQuery,
  PreviewsRequest,
  SaveDesignRequest,
  TtsRequest,
  TtsStream,
  VoiceQuery,
  VoicelibOptions,
} from './client.js';
export type { GenerationRecord, HistoryPage, HistoryQuery } from './contract.js';
export { VoicelibError } from './errors.js';
export type { components, paths } from './schema.js';
