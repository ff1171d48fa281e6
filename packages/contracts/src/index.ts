export * from './money.ts';
export * from './quote-math.ts';
export * from './locale.ts';
export * from './errors.ts';
export * from './validation.ts';
export * from './catalogue.ts';
export * from './quote.ts';
export * from './accounts.ts';
