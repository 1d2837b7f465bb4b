/** What the tests use of lib.mjs (the scripts themselves are plain JavaScript). */
export declare const root: string;
export declare function ensureBuilt(options?: { force?: boolean; only?: ('server' | 'console' | 'marketing')[] }): Promise<void>;
