import type { ServerConfig } from './config';

/** What the HTTP app needs of the configuration (the port and database are the caller's business). */
export type AppConfig = Pick<
  ServerConfig,
  'logLevel' | 'clientDir' | 'bodyLimit' | 'dataDir' | 'security' | 'market' | 'funding' | 'outbound'
>;
