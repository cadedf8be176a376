import { createContext } from 'react';

/** The route-table path being shown; screens stamp it on their root as data-screen. */
export const RoutePathContext = createContext('');
