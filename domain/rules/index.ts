/** Trading rules and costs shared by the ticket preview (client) and the engine (server). */
export * from './types';
export * from './costs';
export * from './stock';
export * from './coin';
export * from './units';
