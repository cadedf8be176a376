/** App version (SPEC §1), shown in about and the API document. */
export const APP_VERSION = '1.0.0';
