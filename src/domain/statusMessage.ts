/** The remote status message's limits (docs/dashboard.md): a short title and a message of a few lines. */
export const STATUS_TITLE_MAX = 80;
export const STATUS_MESSAGE_MAX = 400;
