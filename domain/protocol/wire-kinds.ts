import { z } from 'zod';

/**
 * The wire's plain kinds (DECISIONS §4), declared once for every area's schemas: money, prices and
 * quantities are canonical decimal strings (`lots` whole-number ones), ids strings, times epoch
 * milliseconds.
 */
export const dec = z.string();
export const lots = z.string();
export const ms = z.number().int();
export const id = z.string();
