/** Types for chromium.mjs. */
interface LaunchOptions {
  executablePath: string;
  args: string[];
}
type Env = Record<string, string | undefined>;
export declare const CHROMIUM: string;
export declare const HEADLESS_SHELL: string;
export declare function chromiumPath(env?: Env): string;
export declare function testChromiumPath(env?: Env, exists?: (path: string) => boolean): string;
export declare const chromiumLaunchOptions: LaunchOptions;
export declare const testChromiumLaunchOptions: LaunchOptions;
