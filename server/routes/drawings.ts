import { drawingEndpoints } from '../../domain/protocol/endpoints/drawings';
import { deleteDrawing, DRAWINGS_MAX, listDrawings, saveDrawing } from '../drawings/store';
import { implementAll } from '../http/route';
import { requireInstrument } from './market-stock';

/** Every market a chart is drawn for: stocks, indices and coins. */
const CHARTED = ['stock', 'index', 'coin'] as const;

export const drawingRoutes = implementAll(drawingEndpoints, 'drawings', {
  list: {
    summary: "The user's lines on a symbol's chart, oldest first",
    handler: async ({ db, market, session, input }) => {
      const { symbol } = await requireInstrument(market, input.symbol, CHARTED);
      return { list: await listDrawings(db, session.userId, symbol) };
    },
  },
  save: {
    summary: `Draws a line on a symbol's chart, or moves one (id); at most ${DRAWINGS_MAX} per user`,
    handler: async ({ db, market, session, input }) => {
      const { symbol } = await requireInstrument(market, input.symbol, CHARTED);
      return saveDrawing(db, session.userId, { ...input, symbol }, Date.now());
    },
  },
  delete: {
    summary: "Removes one of the user's lines",
    handler: async ({ db, session, input }) => {
      await deleteDrawing(db, session.userId, input.id);
      return { id: String(input.id), deleted: true };
    },
  },
});
