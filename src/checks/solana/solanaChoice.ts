import type { TransferChoice } from '../../model/choice';

/**
 * The person's choice when the transfer starts on Solana: TransferChoice (src/model/choice.ts) with the source token
 * a base58 mint (or the System Program for SOL) and the sender a base58 key, where TransferChoice still types them
 * as EVM addresses. A receiver is required: an EVM destination cannot default to a Solana sender.
 */
export type SolanaSourceChoice = Omit<TransferChoice, 'fromToken' | 'fromAddress'> & {
  fromToken: string;
  fromAddress: string;
};
