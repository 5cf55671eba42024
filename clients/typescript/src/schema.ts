// Generated from clients/openapi.json by `npm run clients:generate` (openapi-typescript). Do not edit.

export interface paths {
    "/admin/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List accounts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        /** Create an account with a key and a starting balance */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        clone_slots?: number | null;
                        design_slots?: number | null;
                        name?: string;
                        plan: string;
                        points?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One account */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts/{accountId}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An account's keys (hints only) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        /** Issue another API key (shown once) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts/{accountId}/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Latest ledger rows */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                };
                header?: never;
                path: {
                    accountId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts/{accountId}/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change plan */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        plan: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts/{accountId}/points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Grant (positive) or deduct (negative) points */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        amount: number;
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts/{accountId}/slots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Per-account slot limits (null = the plan decides) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        clone_slots?: number | null;
                        design_slots?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a key */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Plans */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/plans/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Create or change a plan */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        api_access: boolean;
                        clone_slots: number | null;
                        design_slots: number | null;
                        /** @default false */
                        slots_lifetime?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            api_access: boolean;
                            clone_slots: number | null;
                            design_slots: number | null;
                            name: string;
                            slots_lifetime: boolean;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a workspace owned by an account */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        owner_account_id: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/workspaces/{workspaceId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a member to a workspace */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    workspaceId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        account_id: string;
                        role?: "member" | "admin";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/lexicons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Own lexicons and those shared in the caller's workspace, oldest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            lexicons: {
                                /** @description ISO 8601 */
                                created_at: string;
                                entry_count: number;
                                language: string;
                                lexicon_id: string;
                                name: string;
                                owner_account_id: string;
                                /** @description ISO 8601 */
                                updated_at: string;
                                /** @description Shared with this workspace's members, or null (private) */
                                workspace_id: string | null;
                            }[];
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        /** Create a pronunciation lexicon (JSON, or PLS XML with Content-Type application/pls+xml) */
        post: {
            parameters: {
                query?: {
                    /** @description Name of a lexicon sent as PLS */
                    name?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description At most 500 */
                        entries: {
                            /** @description Words spoken instead (captions keep `text`) */
                            alias?: string;
                            /**
                             * @description Match only this exact case
                             * @default false
                             */
                            case_sensitive?: boolean;
                            /** @description IPA spoken instead, in symbols Kokoro's vocabulary has (422 otherwise) */
                            ipa?: string;
                            /** @description Written form: a word or several, matched on whole words */
                            text: string;
                        }[];
                        /**
                         * @description BCP-47 tag (the PLS xml:lang)
                         * @default en
                         */
                        language?: string;
                        name: string;
                    };
                    "application/pls+xml": string;
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ISO 8601 */
                            created_at: string;
                            entries: {
                                /** @description Words spoken instead (captions keep `text`) */
                                alias?: string;
                                /**
                                 * @description Match only this exact case
                                 * @default false
                                 */
                                case_sensitive: boolean;
                                /** @description IPA spoken instead, in symbols Kokoro's vocabulary has (422 otherwise) */
                                ipa?: string;
                                /** @description Written form: a word or several, matched on whole words */
                                text: string;
                            }[];
                            language: string;
                            lexicon_id: string;
                            name: string;
                            owner_account_id: string;
                            /** @description ISO 8601 */
                            updated_at: string;
                            /** @description Shared with this workspace's members, or null (private) */
                            workspace_id: string | null;
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                413: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                415: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/lexicons/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One lexicon, as JSON or (?format=pls) as a W3C PLS 1.0 document */
        get: {
            parameters: {
                query?: {
                    format?: "json" | "pls";
                };
                header?: never;
                path: {
                    /** @description Lexicon id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The lexicon */
                200: {
                    headers: {
                        /** @description format=pls only: attachment, file name <lexicon id>.pls */
                        "Content-Disposition"?: string;
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ISO 8601 */
                            created_at: string;
                            entries: {
                                /** @description Words spoken instead (captions keep `text`) */
                                alias?: string;
                                /**
                                 * @description Match only this exact case
                                 * @default false
                                 */
                                case_sensitive: boolean;
                                /** @description IPA spoken instead, in symbols Kokoro's vocabulary has (422 otherwise) */
                                ipa?: string;
                                /** @description Written form: a word or several, matched on whole words */
                                text: string;
                            }[];
                            language: string;
                            lexicon_id: string;
                            name: string;
                            owner_account_id: string;
                            /** @description ISO 8601 */
                            updated_at: string;
                            /** @description Shared with this workspace's members, or null (private) */
                            workspace_id: string | null;
                        };
                        "application/pls+xml": string;
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        /** Replace a lexicon's name, language and entries (JSON or PLS); its creator or the workspace owner only */
        put: {
            parameters: {
                query?: {
                    /** @description Name of a lexicon sent as PLS */
                    name?: string;
                };
                header?: never;
                path: {
                    /** @description Lexicon id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description At most 500 */
                        entries: {
                            /** @description Words spoken instead (captions keep `text`) */
                            alias?: string;
                            /**
                             * @description Match only this exact case
                             * @default false
                             */
                            case_sensitive?: boolean;
                            /** @description IPA spoken instead, in symbols Kokoro's vocabulary has (422 otherwise) */
                            ipa?: string;
                            /** @description Written form: a word or several, matched on whole words */
                            text: string;
                        }[];
                        /**
                         * @description BCP-47 tag (the PLS xml:lang)
                         * @default en
                         */
                        language?: string;
                        name: string;
                    };
                    "application/pls+xml": string;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ISO 8601 */
                            created_at: string;
                            entries: {
                                /** @description Words spoken instead (captions keep `text`) */
                                alias?: string;
                                /**
                                 * @description Match only this exact case
                                 * @default false
                                 */
                                case_sensitive: boolean;
                                /** @description IPA spoken instead, in symbols Kokoro's vocabulary has (422 otherwise) */
                                ipa?: string;
                                /** @description Written form: a word or several, matched on whole words */
                                text: string;
                            }[];
                            language: string;
                            lexicon_id: string;
                            name: string;
                            owner_account_id: string;
                            /** @description ISO 8601 */
                            updated_at: string;
                            /** @description Shared with this workspace's members, or null (private) */
                            workspace_id: string | null;
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                413: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                415: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a lexicon; its creator or the workspace owner only */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Lexicon id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's balance, plan and slot usage */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account_id: string;
                            clones: {
                                limit: number;
                                used: number;
                            };
                            designs: {
                                limit: number;
                                used: number;
                            };
                            plan: {
                                api_access: boolean;
                                clone_slots: number;
                                design_slots: number;
                                name: string;
                            };
                            points: number;
                            workspace: {
                                id: string;
                                owner_account_id: string;
                                role: string;
                            } | null;
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The speech models and their controls */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            default: string;
                            models: {
                                costMultiplier: number;
                                description: string;
                                key: string;
                                label: string;
                                steerable: boolean;
                                supportsDeliveryMode: boolean;
                                supportsTemperature: boolean;
                            }[];
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Connection and authentication test */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok: boolean;
                            /** @description Points balance */
                            points: number;
                            unit: string;
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your generations, newest first
         * @description Pages with `limit` (1-100, default 20) and the opaque `cursor` (`next_cursor` of the page before). Only the caller's own generations appear, as on `GET /tts/:id`; filters match exactly.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: `next_cursor` of the previous page. Anything else is 400 invalid_cursor */
                    cursor?: string;
                    /** @description Page size 1-100 */
                    limit?: number;
                    /** @description Only generations of this model key (v-pro, ...) */
                    model?: string;
                    /** @description Only generations in this state */
                    status?: "pending" | "ready" | "failed";
                    /** @description Only generations with this voice id */
                    voice_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            generations: {
                                /** @description Hosted audio once ready */
                                audio_url: string | null;
                                captions_url: string;
                                /** @description Characters counted for the cost (tags included) */
                                characters: number;
                                /** @description ISO 8601 */
                                created_at: string;
                                error?: {
                                    code: string;
                                    message: string;
                                };
                                /** @description Output format name (MP3, WAV, ..., AAC for OpenAI-compatible requests) */
                                format: string;
                                id: string;
                                /** @description Model key used */
                                model: string;
                                points_used: number;
                                status: "pending" | "ready" | "failed";
                                stream_url: string;
                                /** @description The text spoken, as the request gave it (null on generations made before voicelib kept it); deleted with the generation */
                                text: string | null;
                                voice_id: string;
                            }[];
                            has_more: boolean;
                            /** @description Pass as `cursor` for the next page; null on the last */
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Generate speech
         * @description Synthesizes the text with the voice and model. The audio comes back inline; the record is `pending` until the hosted copy is stored, then `ready` with an `audio_url`. The `X-Voice-Engine` header names the speech engine the model chose for this voice (docs/engines.md). Markup that was removed or not applied (unknown [tags] or <tags>) is listed in `warnings` and in the `X-Voicelib-Warnings` header; the request still succeeds (docs/text.md).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes retries safe: the first request with a key runs; a retry with the same key and body within 24 h gets the same response again (header `Idempotent-Replayed: true`) without running or charging again. The same key with another body is 422 `idempotency_key_reused`; while the first request still runs, 409 `idempotency_key_in_use`. Keys are per account, 1-255 visible ASCII characters (a UUID is a good key). Failed requests free their key. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description MP3 and OGG_OPUS only; ignored for other formats */
                        bit_rate?: number;
                        /** @description true or "phrase" (phrase cues) or "word" (one cue per word): adds the SRT as `captions` */
                        captions?: boolean | "phrase" | "word";
                        /**
                         * @description v-studio only; other models answer 422
                         * @enum {unknown}
                         */
                        delivery_mode?: "STABLE" | "BALANCED" | "CREATIVE";
                        /**
                         * @description Denoise and clean up the audio
                         * @default false
                         */
                        enhance_generation?: boolean;
                        /**
                         * @description Output format
                         * @default MP3
                         * @enum {unknown}
                         */
                        format?: "MP3" | "WAV" | "FLAC" | "OGG_OPUS" | "LINEAR16" | "PCM" | "ALAW" | "MULAW";
                        /** @description Up to 3 pronunciation lexicons (/api/v1/lexicons), the first listed winning where two hold the same word. Unknown or foreign ids are 404. IPA entries are spoken by engines that take IPA (Kokoro, Piper); elsewhere they are read as written, with an ignored_lexicon_ipa warning (docs/text.md) */
                        lexicon_ids?: string[];
                        /** @description v-studio, v-flash, v-pro (default) or v-lite; anything else is 422 unknown_model */
                        model?: string;
                        /**
                         * @description Output sample rate in Hz
                         * @enum {unknown}
                         */
                        sample_rate?: 8000 | 16000 | 22050 | 24000 | 32000 | 44100 | 48000;
                        /** @description Tempo, 0.5-1.5 in steps of 0.05 */
                        speed?: number;
                        /** @description Prosodic variation 0.7-1.5, step 0.05. v-pro and v-lite only; other models answer 422 */
                        temperature?: number;
                        /** @description Text to speak, at most 2,000 characters including every tag (<break time="1s"/>, [emotion], SSML-like <say-as>, <sub>, <phoneme alphabet="ipa">, <emphasis>, <prosody>). Numbers, money, dates and abbreviations are read as people say them; captions keep them as written (docs/text.md). One call is one synthesis. */
                        text: string;
                        /** @description Voice id, or slug of a catalog voice */
                        voice: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description "true" when this is the stored response to an earlier request with the same Idempotency-Key */
                        "Idempotent-Replayed"?: string;
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description The speech engine that spoke (docs/engines.md) */
                        "X-Voice-Engine"?: string;
                        /** @description Only when markup was removed or not applied (unknown [tags], <tags>, lexicon IPA an engine cannot speak): the `code: message` pairs joined by "; ", non-ASCII percent-encoded (docs/text.md, "Warnings") */
                        "X-Voicelib-Warnings"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description data:audio/<type>;base64,<data> */
                            audio_base64: string;
                            audio_url: null;
                            /** @description SRT, when requested */
                            captions?: string;
                            captions_url: string;
                            format: string;
                            id: string;
                            model: string;
                            points_used: number;
                            /** @enum {string} */
                            status: "pending";
                            stream_url: string;
                            /** @description Markup removed or not applied; empty when none. Also in the X-Voicelib-Warnings header. */
                            warnings: {
                                /** @description unknown_tag, unsupported_tag, unsupported_attribute or ignored_tag */
                                code: string;
                                message: string;
                            }[];
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                402: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                409: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                413: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                502: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                503: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A generation and its hosted audio URL */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Generation id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Hosted audio, playable without the key */
                            audio_url: string | null;
                            captions_url: string;
                            error?: {
                                code: string;
                                message: string;
                            };
                            format: string;
                            id: string;
                            status: "pending" | "ready" | "failed";
                            stream_url: string;
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a generation, its audio and timings */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Generation id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tts/{id}/audio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream the audio (supports Range)
         * @description 409 `audio_not_ready` while the generation is pending; 416 for a range past the end.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Generation id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The whole file */
                200: {
                    headers: {
                        /** @description Always "bytes": single ranges are served */
                        "Accept-Ranges"?: string;
                        /** @description "private, max-age=3600": the stored audio never changes */
                        "Cache-Control"?: string;
                        /** @description inline, with the file name <generation id>.<extension> */
                        "Content-Disposition"?: string;
                        /** @description Bytes in this response */
                        "Content-Length"?: number;
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                        "audio/aac": string;
                        "audio/flac": string;
                        "audio/mpeg": string;
                        "audio/ogg": string;
                        "audio/pcm": string;
                        "audio/wav": string;
                    };
                };
                /** @description The requested byte range */
                206: {
                    headers: {
                        /** @description Always "bytes": single ranges are served */
                        "Accept-Ranges"?: string;
                        /** @description "private, max-age=3600": the stored audio never changes */
                        "Cache-Control"?: string;
                        /** @description inline, with the file name <generation id>.<extension> */
                        "Content-Disposition"?: string;
                        /** @description Bytes in this response */
                        "Content-Length"?: number;
                        /** @description bytes START-END/SIZE */
                        "Content-Range"?: string;
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                        "audio/aac": string;
                        "audio/flac": string;
                        "audio/mpeg": string;
                        "audio/ogg": string;
                        "audio/pcm": string;
                        "audio/wav": string;
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                409: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                416: {
                    headers: {
                        /** @description bytes *\/SIZE */
                        "Content-Range"?: string;
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tts/{id}/captions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SRT or JSON captions from stored word timings */
        get: {
            parameters: {
                query?: {
                    format?: "srt" | "json";
                    max_words?: number;
                    mode?: "phrase" | "word";
                    uppercase?: boolean;
                };
                header?: never;
                path: {
                    /** @description Generation id */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description format=json: word timings and the SRT; format=srt (default): the SRT file */
                200: {
                    headers: {
                        /** @description SRT only: inline, file name <generation id>.srt */
                        "Content-Disposition"?: string;
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Seconds */
                            duration: number;
                            id: string;
                            mode: string;
                            srt: string;
                            words: {
                                end: number;
                                start: number;
                                word: string;
                            }[];
                        };
                        "application/x-subrip": string;
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                409: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tts/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate speech, streamed as it is synthesized
         * @description Same body, checks and price as `POST /api/v1/tts`; the points are reserved before the first byte. Answers 200 with the audio in the requested `format` (chunked), one sentence after another, with the headers `X-Generation-Id` and `X-Voice-Engine`. When the stream has ended, the generation is recorded (`GET /api/v1/tts/:id`, `/audio` = exactly the streamed bytes, `/captions`); until then that id answers 404. MP3 streams carry no Info/LAME frame and WAV-family streams say "length unknown" in their header. A client that disconnects stops synthesis and is charged only for the sentences already synthesized (docs/decisions.md). A failure after the first byte ends the response without its terminating chunk: clients see an incomplete body, and nothing is charged.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes retries safe: the first request with a key runs; a retry with the same key and body within 24 h gets the same response again (header `Idempotent-Replayed: true`) without running or charging again. The same key with another body is 422 `idempotency_key_reused`; while the first request still runs, 409 `idempotency_key_in_use`. Keys are per account, 1-255 visible ASCII characters (a UUID is a good key). Failed requests free their key. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description MP3 and OGG_OPUS only; ignored for other formats */
                        bit_rate?: number;
                        /** @description true or "phrase" (phrase cues) or "word" (one cue per word): adds the SRT as `captions` */
                        captions?: boolean | "phrase" | "word";
                        /**
                         * @description v-studio only; other models answer 422
                         * @enum {unknown}
                         */
                        delivery_mode?: "STABLE" | "BALANCED" | "CREATIVE";
                        /**
                         * @description Denoise and clean up the audio
                         * @default false
                         */
                        enhance_generation?: boolean;
                        /**
                         * @description Output format
                         * @default MP3
                         * @enum {unknown}
                         */
                        format?: "MP3" | "WAV" | "FLAC" | "OGG_OPUS" | "LINEAR16" | "PCM" | "ALAW" | "MULAW";
                        /** @description Up to 3 pronunciation lexicons (/api/v1/lexicons), the first listed winning where two hold the same word. Unknown or foreign ids are 404. IPA entries are spoken by engines that take IPA (Kokoro, Piper); elsewhere they are read as written, with an ignored_lexicon_ipa warning (docs/text.md) */
                        lexicon_ids?: string[];
                        /** @description v-studio, v-flash, v-pro (default) or v-lite; anything else is 422 unknown_model */
                        model?: string;
                        /**
                         * @description Output sample rate in Hz
                         * @enum {unknown}
                         */
                        sample_rate?: 8000 | 16000 | 22050 | 24000 | 32000 | 44100 | 48000;
                        /** @description Tempo, 0.5-1.5 in steps of 0.05 */
                        speed?: number;
                        /** @description Prosodic variation 0.7-1.5, step 0.05. v-pro and v-lite only; other models answer 422 */
                        temperature?: number;
                        /** @description Text to speak, at most 2,000 characters including every tag (<break time="1s"/>, [emotion], SSML-like <say-as>, <sub>, <phoneme alphabet="ipa">, <emphasis>, <prosody>). Numbers, money, dates and abbreviations are read as people say them; captions keep them as written (docs/text.md). One call is one synthesis. */
                        text: string;
                        /** @description Voice id, or slug of a catalog voice */
                        voice: string;
                    };
                };
            };
            responses: {
                /** @description Audio bytes in the requested format, chunked as they are made */
                200: {
                    headers: {
                        /** @description "no-store": the bytes are made for this request */
                        "Cache-Control"?: string;
                        /** @description "true" when this is the stored response to an earlier request with the same Idempotency-Key */
                        "Idempotent-Replayed"?: string;
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The generation record (GET /api/v1/tts/{id}, history) */
                        "X-Generation-Id"?: string;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description The speech engine that spoke (docs/engines.md) */
                        "X-Voice-Engine"?: string;
                        /** @description Only when markup was removed or not applied (unknown [tags], <tags>, lexicon IPA an engine cannot speak): the `code: message` pairs joined by "; ", non-ASCII percent-encoded (docs/text.md, "Warnings") */
                        "X-Voicelib-Warnings"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                        "audio/aac": string;
                        "audio/flac": string;
                        "audio/mpeg": string;
                        "audio/ogg": string;
                        "audio/pcm": string;
                        "audio/wav": string;
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                402: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                409: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                413: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                502: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                503: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tts/ws-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A single-use token for the speech WebSocket
         * @description For browsers, which cannot send a key on a WebSocket: open `GET /api/v1/tts/ws?token=...` within 60 s; the token works once. Never put the API key in a URL. docs/streaming.md.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Seconds */
                            expires_in: number;
                            token: string;
                            url: string;
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Own clones and designs first (newest first), then the preset catalog
         * @description Filters combine (every one given must match) and `total` counts the filtered list. A well-formed filter naming nothing known gives an empty list; a malformed one is 400.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Accent name (`Castilian`, `Latin American`) or accent code (`es-ES`), case-insensitive */
                    accent?: string;
                    /** @description Preset voices are `young`, `middle-aged` or `old`; own voices have no age and never match */
                    age?: string;
                    /** @description Preset voices are `female`, `male` or `neutral`; own voices have no gender and never match */
                    gender?: string;
                    /** @description Language or accent: code, English name, accent code or legacy enum (`es`, `Spanish`, `es-MX`, `PT_BR`). A bare language matches all its accents; an accent code matches that accent only. Unknown: empty list. */
                    language?: string;
                    /** @description Page size 1-500; omitted = all */
                    limit?: number;
                    /** @description Number of voices to skip */
                    offset?: number;
                    /** @description Case-insensitive filter on id, slug and name */
                    q?: string;
                    /** @description Every word must appear in the name, description, category or tags (case- and accent-insensitive) */
                    search?: string;
                    type?: "preset" | "clone" | "designed";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            count: number;
                            has_more: boolean;
                            offset: number;
                            total: number;
                            voices: components["schemas"]["Voice"][];
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/voices/clones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Own cloned voices, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description Page size 1-500; omitted = all */
                    limit?: number;
                    /** @description Number of voices to skip */
                    offset?: number;
                    /** @description Case-insensitive filter on id, slug and name */
                    q?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            count: number;
                            has_more: boolean;
                            /** @description Slots available on the plan */
                            limit: number;
                            offset: number;
                            total: number;
                            /** @description Slots in use */
                            used: number;
                            voices: components["schemas"]["Voice"][];
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        /** Clone a voice from one recording (no points; uses a clone slot) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes retries safe: the first request with a key runs; a retry with the same key and body within 24 h gets the same response again (header `Idempotent-Replayed: true`) without running or charging again. The same key with another body is 422 `idempotency_key_reused`; while the first request still runs, 409 `idempotency_key_in_use`. Keys are per account, 1-255 visible ASCII characters (a UUID is a good key). Failed requests free their key. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Language name or code, accent code, legacy enum, or auto */
                        language: string;
                        name: string;
                        /** @default true */
                        remove_background_noise?: boolean;
                        /** @description Exactly one recording of about 30 seconds */
                        samples: {
                            /** @description Raw base64 (no data: prefix) of one recording; at most 8,000,000 characters */
                            audio_base64: string;
                            transcript?: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description "true" when this is the stored response to an earlier request with the same Idempotency-Key */
                        "Idempotent-Replayed"?: string;
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            audio_notes?: string[];
                            created_at: string;
                            id: string;
                            languages: string[];
                            limit: number;
                            name: string;
                            /** @description Clones only: the background search for a fit closer to the recording. Null when no installed engine can be refined (Kokoro and the speaker encoder are needed) */
                            refinement: {
                                /** @description Speaker similarity (0-1, cosine of speaker embeddings) of the current fit to the recording; about 0.80 and up is the same voice. Null until measured */
                                similarity: number | null;
                                /** @description queued, running (the voice already speaks with the best fit so far), done or failed */
                                status: "queued" | "running" | "done" | "failed";
                                updated_at: string;
                            } | null;
                            /** @enum {string} */
                            type: "clone";
                            used: number;
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                409: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                413: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/voices/clones/{voiceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a cloned voice */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Voice id */
                    voiceId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/voices/designs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Own designed voices, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description Page size 1-500; omitted = all */
                    limit?: number;
                    /** @description Number of voices to skip */
                    offset?: number;
                    /** @description Case-insensitive filter on id, slug and name */
                    q?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            count: number;
                            has_more: boolean;
                            /** @description Slots available on the plan */
                            limit: number;
                            offset: number;
                            total: number;
                            /** @description Slots in use */
                            used: number;
                            voices: components["schemas"]["Voice"][];
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        /** Keep a preview as a designed voice (free; uses a design slot) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes retries safe: the first request with a key runs; a retry with the same key and body within 24 h gets the same response again (header `Idempotent-Replayed: true`) without running or charging again. The same key with another body is 422 `idempotency_key_reused`; while the first request still runs, 409 `idempotency_key_in_use`. Keys are per account, 1-255 visible ASCII characters (a UUID is a good key). Failed requests free their key. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string;
                        name: string;
                        preview_id: string;
                        sample_base64?: string;
                        tags?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description "true" when this is the stored response to an earlier request with the same Idempotency-Key */
                        "Idempotent-Replayed"?: string;
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            id: string;
                            languages: string[];
                            limit: number;
                            name: string;
                            preview_url: string;
                            /** @enum {string} */
                            type: "designed";
                            used: number;
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                409: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                410: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                413: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/voices/designs/{voiceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a designed voice */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Voice id */
                    voiceId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            deleted: true;
                            id: string;
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/voices/designs/previews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Generate 1-3 candidate voices from a description (costs points) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes retries safe: the first request with a key runs; a retry with the same key and body within 24 h gets the same response again (header `Idempotent-Replayed: true`) without running or charging again. The same key with another body is 422 `idempotency_key_reused`; while the first request still runs, 409 `idempotency_key_in_use`. Keys are per account, 1-255 visible ASCII characters (a UUID is a good key). Failed requests free their key. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default 3 */
                        count?: number;
                        /** @default false */
                        include_audio?: boolean;
                        /** @default auto */
                        language?: string;
                        preview_text?: string;
                        /** @description English description, 30-1000 characters */
                        prompt: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description "true" when this is the stored response to an earlier request with the same Idempotency-Key */
                        "Idempotent-Replayed"?: string;
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            expires_in: number;
                            points_used: number;
                            previews: {
                                audio_base64?: string;
                                preview_id: string;
                                preview_url: string;
                                text: string;
                            }[];
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                402: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                409: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                413: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                502: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/voices/languages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Languages, accents and recording limits */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            languages: {
                                accents: {
                                    code: string;
                                    name: string;
                                }[];
                                code: string;
                                experimental: boolean;
                                /** @description How well a speech recognizer understands that engine in this language (npm run bench:intelligibility); good: WER at most 15 % (CER 10 %), fair: 30 % (20 %), poor: more */
                                intelligibility: {
                                    class: "good" | "fair" | "poor" | "unmeasured";
                                    /** @description The engine measured: the one v-pro uses here */
                                    engine: string | null;
                                    /** @description Measured corpus error rate under Whisper base (0.05 = 5 %), null when unmeasured */
                                    error_rate: number | null;
                                    metric: "wer" | "cer";
                                };
                                name: string;
                                /** @description Language the speech is synthesized in: the language itself, or the closest one an installed engine speaks */
                                spoken_as: string | null;
                                /** @description Engine tier v-pro speaks the language with on this server: neural (Kokoro, Piper) or basic (eSpeak NG, Flite, SVOX Pico); null when no engine is installed */
                                tier: "neural" | "basic" | null;
                            }[];
                            sample_limits: {
                                allowed_formats: string[];
                                max_base64_length: number;
                                max_samples: number;
                            };
                        };
                    };
                };
                /** @description Every failure has this shape */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
                /** @description Every failure has this shape */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio/speech": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate speech (OpenAI-compatible)
         * @description OpenAI's speech endpoint: same request fields, audio streamed back piece by piece. Authenticated, rate-limited and charged exactly like POST /api/v1/tts; every request is one generation in GET /api/v1/tts. Mapping of models and voices: docs/openai-compatibility.md.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Text to speak, at most 4,096 characters (break and [emotion] tags included). Synthesized in sentence pieces of at most 2,000 characters; charged once for the whole input, as one call. */
                        input: string;
                        /** @description Tone and delivery in words ("cheerful", "calm and steady"); steers gpt-4o-mini-tts / v-studio only, 422 on others */
                        instructions?: string;
                        /** @description voicelib extension: up to 3 pronunciation lexicon ids (/api/v1/lexicons), the first listed winning */
                        lexicon_ids?: string[];
                        /** @description tts-1 and tts-1-hd (→ v-pro), gpt-4o-mini-tts (→ v-studio), or a voicelib model key */
                        model: string;
                        /**
                         * @description pcm is raw 24 kHz signed 16-bit little-endian mono
                         * @default mp3
                         * @enum {unknown}
                         */
                        response_format?: "mp3" | "opus" | "aac" | "flac" | "wav" | "pcm";
                        /** @description 0.25-4. 0.5-1.5 is spoken by the engine; beyond, a pitch-preserving time stretch does the rest */
                        speed?: number;
                        /**
                         * @description audio: the raw file, chunked as it is made; sse: speech.audio.delta events then speech.audio.done
                         * @default audio
                         * @enum {unknown}
                         */
                        stream_format?: "audio" | "sse";
                        /** @description OpenAI's alloy, ash, ballad, coral, echo, fable, nova, onyx, sage, shimmer, verse, or any voicelib voice id or slug */
                        voice: string;
                    };
                };
            };
            responses: {
                /** @description The audio, sent piece by piece as each is encoded (chunked). With stream_format=sse: text/event-stream. */
                200: {
                    headers: {
                        /** @description stream_format=sse only: "no-cache" */
                        "Cache-Control"?: string;
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The generation record (GET /api/v1/tts/{id}, history) */
                        "X-Generation-Id"?: string;
                        /** @description Points this request was charged */
                        "X-Points-Used"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description The speech engine that spoke (docs/engines.md) */
                        "X-Voice-Engine"?: string;
                        /** @description Only when markup was removed or not applied (unknown [tags], <tags>, lexicon IPA an engine cannot speak): the `code: message` pairs joined by "; ", non-ASCII percent-encoded (docs/text.md, "Warnings") */
                        "X-Voicelib-Warnings"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "audio/aac": string;
                        "audio/flac": string;
                        "audio/mpeg": string;
                        "audio/ogg": string;
                        "audio/pcm": string;
                        "audio/wav": string;
                        "text/event-stream": string;
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                402: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                413: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                502: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                503: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's generations, newest first (ElevenLabs-compatible) */
        get: {
            parameters: {
                query?: {
                    model_id?: string;
                    page_size?: number;
                    start_after_history_item_id?: string;
                    voice_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Speech models (OpenAI list shape; ElevenLabs' array with xi-api-key) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Unix seconds */
                                created: number;
                                id: string;
                                /** @enum {string} */
                                object: "model";
                                owned_by: string;
                                /** @description The voicelib model this id runs on */
                                voicelib_model: string;
                            }[];
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{model}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One model (OpenAI shape) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Model id */
                    model: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Unix seconds */
                            created: number;
                            id: string;
                            /** @enum {string} */
                            object: "model";
                            owned_by: string;
                            /** @description The voicelib model this id runs on */
                            voicelib_model: string;
                        };
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
                /** @description OpenAI's error shape; statuses as on the native API */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAiError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/text-to-speech/{voice_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Speech (ElevenLabs-compatible)
         * @description ElevenLabs' text-to-speech: the audio in `output_format`, sent as it is synthesized. Charged and recorded as POST /api/v1/tts/stream; the generation id is in `history-item-id`. docs/elevenlabs-compatibility.md.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Accepted; every generation is recorded as on the native API */
                    enable_logging?: boolean;
                    /** @description Accepted and ignored */
                    optimize_streaming_latency?: number;
                    output_format?: "mp3_22050_32" | "mp3_24000_48" | "mp3_44100_32" | "mp3_44100_64" | "mp3_44100_96" | "mp3_44100_128" | "mp3_44100_192" | "mp3_44100" | "pcm_8000" | "pcm_16000" | "pcm_22050" | "pcm_24000" | "pcm_32000" | "pcm_44100" | "pcm_48000" | "ulaw_8000" | "alaw_8000" | "opus_48000_32" | "opus_48000_64" | "opus_48000_96" | "opus_48000_128" | "opus_48000_192" | "wav_8000" | "wav_16000" | "wav_22050" | "wav_24000" | "wav_32000" | "wav_44100" | "wav_48000";
                };
                header?: never;
                path: {
                    voice_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        apply_text_normalization?: string | null;
                        language_code?: string | null;
                        model_id?: string | null;
                        next_text?: string | null;
                        previous_text?: string | null;
                        seed?: number | null;
                        /** @description Text to speak; at most 2,000 characters, as on POST /api/v1/tts */
                        text: string;
                        voice_settings?: {
                            similarity_boost?: number | null;
                            speed?: number | null;
                            stability?: number | null;
                            style?: number | null;
                            use_speaker_boost?: boolean | null;
                        } | null;
                    };
                };
            };
            responses: {
                /** @description Audio bytes in `output_format` (pcm, ulaw and alaw headerless), chunked as made */
                200: {
                    headers: {
                        /** @description "no-store": the bytes are made for this request */
                        "Cache-Control"?: string;
                        /** @description The generation record (ElevenLabs /v1/history, GET /api/v1/tts/{id}) */
                        "history-item-id"?: string;
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id (as X-Request-Id) */
                        "request-id"?: string;
                        /** @description The generation record (GET /api/v1/tts/{id}, history) */
                        "X-Generation-Id"?: string;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description The speech engine that spoke (docs/engines.md) */
                        "X-Voice-Engine"?: string;
                        /** @description Only when markup was removed or not applied (unknown [tags], <tags>, lexicon IPA an engine cannot speak): the `code: message` pairs joined by "; ", non-ASCII percent-encoded (docs/text.md, "Warnings") */
                        "X-Voicelib-Warnings"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                        "audio/aac": string;
                        "audio/basic": string;
                        "audio/flac": string;
                        "audio/mpeg": string;
                        "audio/ogg": string;
                        "audio/pcm": string;
                        "audio/wav": string;
                        "audio/x-alaw-basic": string;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                402: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/text-to-speech/{voice_id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Speech, streamed (ElevenLabs-compatible)
         * @description ElevenLabs' text-to-speech: the audio in `output_format`, sent as it is synthesized. Charged and recorded as POST /api/v1/tts/stream; the generation id is in `history-item-id`. docs/elevenlabs-compatibility.md.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Accepted; every generation is recorded as on the native API */
                    enable_logging?: boolean;
                    /** @description Accepted and ignored */
                    optimize_streaming_latency?: number;
                    output_format?: "mp3_22050_32" | "mp3_24000_48" | "mp3_44100_32" | "mp3_44100_64" | "mp3_44100_96" | "mp3_44100_128" | "mp3_44100_192" | "mp3_44100" | "pcm_8000" | "pcm_16000" | "pcm_22050" | "pcm_24000" | "pcm_32000" | "pcm_44100" | "pcm_48000" | "ulaw_8000" | "alaw_8000" | "opus_48000_32" | "opus_48000_64" | "opus_48000_96" | "opus_48000_128" | "opus_48000_192" | "wav_8000" | "wav_16000" | "wav_22050" | "wav_24000" | "wav_32000" | "wav_44100" | "wav_48000";
                };
                header?: never;
                path: {
                    voice_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        apply_text_normalization?: string | null;
                        language_code?: string | null;
                        model_id?: string | null;
                        next_text?: string | null;
                        previous_text?: string | null;
                        seed?: number | null;
                        /** @description Text to speak; at most 2,000 characters, as on POST /api/v1/tts */
                        text: string;
                        voice_settings?: {
                            similarity_boost?: number | null;
                            speed?: number | null;
                            stability?: number | null;
                            style?: number | null;
                            use_speaker_boost?: boolean | null;
                        } | null;
                    };
                };
            };
            responses: {
                /** @description Audio bytes in `output_format` (pcm, ulaw and alaw headerless), chunked as made */
                200: {
                    headers: {
                        /** @description "no-store": the bytes are made for this request */
                        "Cache-Control"?: string;
                        /** @description The generation record (ElevenLabs /v1/history, GET /api/v1/tts/{id}) */
                        "history-item-id"?: string;
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id (as X-Request-Id) */
                        "request-id"?: string;
                        /** @description The generation record (GET /api/v1/tts/{id}, history) */
                        "X-Generation-Id"?: string;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description The speech engine that spoke (docs/engines.md) */
                        "X-Voice-Engine"?: string;
                        /** @description Only when markup was removed or not applied (unknown [tags], <tags>, lexicon IPA an engine cannot speak): the `code: message` pairs joined by "; ", non-ASCII percent-encoded (docs/text.md, "Warnings") */
                        "X-Voicelib-Warnings"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                        "audio/aac": string;
                        "audio/basic": string;
                        "audio/flac": string;
                        "audio/mpeg": string;
                        "audio/ogg": string;
                        "audio/pcm": string;
                        "audio/wav": string;
                        "audio/x-alaw-basic": string;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                402: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/text-to-speech/{voice_id}/stream/with-timestamps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Speech with character timings, streamed (ElevenLabs-compatible)
         * @description Newline-delimited JSON: objects like the with-timestamps answer, each with the next piece of audio and the characters spoken since the line before; times are seconds from the start of the answer.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Accepted; every generation is recorded as on the native API */
                    enable_logging?: boolean;
                    /** @description Accepted and ignored */
                    optimize_streaming_latency?: number;
                    output_format?: "mp3_22050_32" | "mp3_24000_48" | "mp3_44100_32" | "mp3_44100_64" | "mp3_44100_96" | "mp3_44100_128" | "mp3_44100_192" | "mp3_44100" | "pcm_8000" | "pcm_16000" | "pcm_22050" | "pcm_24000" | "pcm_32000" | "pcm_44100" | "pcm_48000" | "ulaw_8000" | "alaw_8000" | "opus_48000_32" | "opus_48000_64" | "opus_48000_96" | "opus_48000_128" | "opus_48000_192" | "wav_8000" | "wav_16000" | "wav_22050" | "wav_24000" | "wav_32000" | "wav_44100" | "wav_48000";
                };
                header?: never;
                path: {
                    voice_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        apply_text_normalization?: string | null;
                        language_code?: string | null;
                        model_id?: string | null;
                        next_text?: string | null;
                        previous_text?: string | null;
                        seed?: number | null;
                        /** @description Text to speak; at most 2,000 characters, as on POST /api/v1/tts */
                        text: string;
                        voice_settings?: {
                            similarity_boost?: number | null;
                            speed?: number | null;
                            stability?: number | null;
                            style?: number | null;
                            use_speaker_boost?: boolean | null;
                        } | null;
                    };
                };
            };
            responses: {
                /** @description One JSON object per line: audio_base64, alignment, normalized_alignment */
                200: {
                    headers: {
                        /** @description "no-store": the bytes are made for this request */
                        "Cache-Control"?: string;
                        /** @description The generation record (ElevenLabs /v1/history, GET /api/v1/tts/{id}) */
                        "history-item-id"?: string;
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id (as X-Request-Id) */
                        "request-id"?: string;
                        /** @description The generation record (GET /api/v1/tts/{id}, history) */
                        "X-Generation-Id"?: string;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description The speech engine that spoke (docs/engines.md) */
                        "X-Voice-Engine"?: string;
                        /** @description Only when markup was removed or not applied (unknown [tags], <tags>, lexicon IPA an engine cannot speak): the `code: message` pairs joined by "; ", non-ASCII percent-encoded (docs/text.md, "Warnings") */
                        "X-Voicelib-Warnings"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/x-ndjson": string;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                402: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/text-to-speech/{voice_id}/with-timestamps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Speech with character timings (ElevenLabs-compatible)
         * @description The whole audio as base64 with the start and end of every character of the text, in seconds.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Accepted; every generation is recorded as on the native API */
                    enable_logging?: boolean;
                    /** @description Accepted and ignored */
                    optimize_streaming_latency?: number;
                    output_format?: "mp3_22050_32" | "mp3_24000_48" | "mp3_44100_32" | "mp3_44100_64" | "mp3_44100_96" | "mp3_44100_128" | "mp3_44100_192" | "mp3_44100" | "pcm_8000" | "pcm_16000" | "pcm_22050" | "pcm_24000" | "pcm_32000" | "pcm_44100" | "pcm_48000" | "ulaw_8000" | "alaw_8000" | "opus_48000_32" | "opus_48000_64" | "opus_48000_96" | "opus_48000_128" | "opus_48000_192" | "wav_8000" | "wav_16000" | "wav_22050" | "wav_24000" | "wav_32000" | "wav_44100" | "wav_48000";
                };
                header?: never;
                path: {
                    voice_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        apply_text_normalization?: string | null;
                        language_code?: string | null;
                        model_id?: string | null;
                        next_text?: string | null;
                        previous_text?: string | null;
                        seed?: number | null;
                        /** @description Text to speak; at most 2,000 characters, as on POST /api/v1/tts */
                        text: string;
                        voice_settings?: {
                            similarity_boost?: number | null;
                            speed?: number | null;
                            stability?: number | null;
                            style?: number | null;
                            use_speaker_boost?: boolean | null;
                        } | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description "no-store": the bytes are made for this request */
                        "Cache-Control"?: string;
                        /** @description The generation record (ElevenLabs /v1/history, GET /api/v1/tts/{id}) */
                        "history-item-id"?: string;
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id (as X-Request-Id) */
                        "request-id"?: string;
                        /** @description The generation record (GET /api/v1/tts/{id}, history) */
                        "X-Generation-Id"?: string;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description The speech engine that spoke (docs/engines.md) */
                        "X-Voice-Engine"?: string;
                        /** @description Only when markup was removed or not applied (unknown [tags], <tags>, lexicon IPA an engine cannot speak): the `code: message` pairs joined by "; ", non-ASCII percent-encoded (docs/text.md, "Warnings") */
                        "X-Voicelib-Warnings"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            alignment: {
                                character_end_times_seconds: number[];
                                character_start_times_seconds: number[];
                                characters: string[];
                            } | null;
                            audio_base64: string;
                            normalized_alignment: {
                                character_end_times_seconds: number[];
                                character_start_times_seconds: number[];
                                characters: string[];
                            } | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                402: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller (ElevenLabs-compatible) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's plan and balance (ElevenLabs-compatible) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Voices (ElevenLabs-compatible)
         * @description The caller's clones and designs, then the preset catalog, in ElevenLabs' shape (one page: all of them).
         */
        get: {
            parameters: {
                query?: {
                    show_legacy?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            voices: ({
                                category: string;
                                name: string;
                                voice_id: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voices/{voice_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One voice (ElevenLabs-compatible) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    voice_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            category: string;
                            name: string;
                            voice_id: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a clone or designed voice (ElevenLabs-compatible) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    voice_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voices/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Instant voice clone (ElevenLabs-compatible)
         * @description multipart/form-data: `name`, one recording in `files`, optional `labels` (JSON; `language` picks the language, else it is detected), `remove_background_noise`, `description` (ignored). The same clone as POST /api/v1/voices/clones: one slot, no points, refined in the background.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            requires_verification: boolean;
                            voice_id: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                414: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description Seconds to wait before trying again */
                        "Retry-After"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        /** @description Requests allowed per minute for this key */
                        "RateLimit-Limit"?: number;
                        /** @description Requests left in the current minute */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the minute window resets */
                        "RateLimit-Reset"?: number;
                        /** @description The request's id in the server logs (the caller's own safe X-Request-Id is kept) */
                        "X-Request-Id"?: string;
                        /** @description Clone and design calls allowed per hour for this key */
                        "X-Voice-RateLimit-Limit"?: number;
                        /** @description Clone and design calls left this hour */
                        "X-Voice-RateLimit-Remaining"?: number;
                        /** @description Seconds until the hourly window resets */
                        "X-Voice-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: {
                                message: string;
                                param?: string;
                                status: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Every failure has this shape */
        ErrorResponse: {
            error: {
                /** @description Stable snake_case error code */
                code: string;
                /** @description Human-readable explanation */
                message: string;
                /** @description Only on 502: whether retrying may succeed */
                retryable?: boolean;
            };
        };
        /** @description OpenAI's error shape; statuses as on the native API */
        OpenAiError: {
            error: {
                /** @description The native API's snake_case code */
                code: string;
                message: string;
                /** @description The request field at fault, or null */
                param: string | null;
                /** @description Only on 502: whether retrying may succeed */
                retryable?: boolean;
                /** @description invalid_request_error, authentication_error, rate_limit_error, server_error, ... */
                type: string;
            };
        };
        Voice: {
            accent?: string;
            age?: string;
            category?: string;
            created_at?: string;
            description?: string;
            gender?: string;
            id: string;
            language_code?: string;
            languages: string[];
            name: string;
            preview_url?: string;
            /** @description Clones only: the background search for a fit closer to the recording. Null when no installed engine can be refined (Kokoro and the speaker encoder are needed) */
            refinement?: {
                /** @description Speaker similarity (0-1, cosine of speaker embeddings) of the current fit to the recording; about 0.80 and up is the same voice. Null until measured */
                similarity: number | null;
                /** @description queued, running (the voice already speaks with the best fit so far), done or failed */
                status: "queued" | "running" | "done" | "failed";
                updated_at: string;
            } | null;
            slug?: string;
            tags?: string[];
            type: "preset" | "clone" | "designed";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
