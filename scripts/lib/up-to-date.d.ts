/** Types of up-to-date.js (plain CommonJS: npm start runs it before anything is built). */
export declare function packageBuilt(root: string): boolean;
export declare function fakeApiBuilt(root: string): boolean;
