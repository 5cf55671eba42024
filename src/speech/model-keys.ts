/** The four speech models of the contract; what each costs and allows is the domain's (domain/generations/models.ts). */
export const MODEL_KEYS = ['v-studio', 'v-flash', 'v-pro', 'v-lite'] as const;
export type ModelKey = (typeof MODEL_KEYS)[number];
