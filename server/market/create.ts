import type { MarketConfig } from '../config';
import type { MarketSource } from './source';
import { emptySource } from './empty-source';

/**
 * The source the configuration asks for. PLACEHOLDER until the simulator lands: an empty
 * catalogue (the simulator work replaces this body).
 */
export function createMarket(_config: MarketConfig): MarketSource {
  return emptySource();
}
