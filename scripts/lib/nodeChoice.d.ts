/** Types of nodeChoice.js (plain CommonJS, as it runs before anything is built). */
export type NodeChoice = { use: 'running' } | { use: 'package'; name: string; version: string } | { use: 'none'; message: string };
export declare function nodeChoice(running: { platform: string; arch: string; runningVersion: string }): NodeChoice;
export declare const NODE_VERSION: string;
export declare const PACKAGES: Record<string, string>;
