declare module 'multicoin-address-validator' {
  interface ValidateOptions {
    networkType?: 'prod' | 'testnet' | 'both';
    chainType?: string;
  }
  const WAValidator: {
    validate(address: string, currency: string, options?: ValidateOptions | string): boolean;
  };
  export default WAValidator;
}
