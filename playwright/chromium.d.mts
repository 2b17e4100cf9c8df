/** Types for chromium.mjs. */
export declare const chromiumLaunchOptions: { executablePath: string; args: string[] };
