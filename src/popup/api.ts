import type {
  ExpectedTransfer,
  Prefill,
  PublicSettings,
  RoutesResult,
  SettingsPatch,
  TransferInput,
  TransferRecord,
} from '../messaging/protocol';
import { sendMessage } from '../messaging/protocol';
import { unwrapReply } from '../messaging/reply';
import type { Chain, Token, ToolsResponse } from '../schemas/catalog';
import type { RoutesRequest } from '../schemas/requests';
import type { Step, StepTransactionResponse } from '../schemas/route';

/**
 * What the popup asks of the background, as plain async functions that throw RemoteError. The store depends on
 * this type, not on messaging, so its tests run in node with fakes.
 */
export type PopupApi = {
  getChains(): Promise<Chain[]>;
  getTools(): Promise<ToolsResponse>;
  searchTokens(data: { query: string; chainId?: number; limit?: number }): Promise<Token[]>;
  getToken(data: { chainId: number; address: string }): Promise<Token | null>;
  getRoutes(data: { request: RoutesRequest; channel: string }): Promise<RoutesResult>;
  getSettings(): Promise<PublicSettings>;
  updateSettings(patch: SettingsPatch): Promise<PublicSettings>;
  getTransfers(): Promise<TransferRecord[]>;
  getServiceHold(): Promise<{ until: number }>;
  takePrefill(): Promise<Prefill | null>;
  getStepTransaction(data: {
    step: Step;
    senderAddress: string;
    recipientAddress: string;
  }): Promise<StepTransactionResponse>;
  trackTransfer(data: TransferInput): Promise<TransferRecord>;
  expectTransfer(data: { watchId: string; tabId: number; transfer: ExpectedTransfer }): Promise<void>;
};

export function createMessagingApi(): PopupApi {
  return {
    getChains: async () => unwrapReply(await sendMessage('getChains', undefined)),
    getTools: async () => unwrapReply(await sendMessage('getTools', undefined)),
    searchTokens: async (data) => unwrapReply(await sendMessage('searchTokens', data)),
    getToken: async (data) => unwrapReply(await sendMessage('getToken', data)),
    getRoutes: async (data) => unwrapReply(await sendMessage('getRoutes', data)),
    getSettings: async () => unwrapReply(await sendMessage('getSettings', undefined)),
    updateSettings: async (patch) => unwrapReply(await sendMessage('updateSettings', patch)),
    getTransfers: async () => unwrapReply(await sendMessage('getTransfers', undefined)),
    getServiceHold: async () => unwrapReply(await sendMessage('getServiceHold', undefined)),
    takePrefill: async () => unwrapReply(await sendMessage('takePrefill', undefined)),
    getStepTransaction: async (data) => unwrapReply(await sendMessage('getStepTransaction', data)),
    trackTransfer: async (data) => unwrapReply(await sendMessage('trackTransfer', data)),
    expectTransfer: async (data) => unwrapReply(await sendMessage('expectTransfer', data)),
  };
}
