/**
 * The Local sandbox marks its 501 (an operation of the catalog it does not serve) with this header, so the
 * client's advice is "use a real environment" whoever asks: the editor, the CLI, or anything on `cli sandbox`.
 */
export const NOT_SERVED_HEADER = 'local-sandbox';
export const NOT_SERVED_VALUE = 'not-served';
