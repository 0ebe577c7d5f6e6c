/** The product's name, as people read it and as identifiers carry it. */

export const PRODUCT_NAME = 'LinksMate';
export const PRODUCT_SLUG = 'linksmate';
