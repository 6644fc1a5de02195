/** Node's flags for the production server (server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: string[];
