import './zod-jitless';
import { expose } from 'comlink';
import { createMarketData } from './market-data';
import { withTransfer } from './transfer';

// The entry only exposes the contract (ARCHITECTURE rule 2); everything lives in ./market-data.
expose(withTransfer(createMarketData()));
