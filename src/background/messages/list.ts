import { addChainRpc } from './addChainRpc';
import { answerExecutionRate } from './answerExecutionRate';
import { continueExecution } from './continueExecution';
import { dismissExecution } from './dismissExecution';
import { getAllowance } from './getAllowance';
import { getBalances } from './getBalances';
import { getChains } from './getChains';
import { getRecipientKind } from './getRecipientKind';
import { getRoutes } from './getRoutes';
import { getServiceHold } from './getServiceHold';
import { getSettings } from './getSettings';
import { getSolanaBalances } from './getSolanaBalances';
import { getToken } from './getToken';
import { getTools } from './getTools';
import { getTransfers } from './getTransfers';
import { importToken } from './importToken';
import { lookUpTransfer } from './lookUpTransfer';
import { previewTransfer } from './previewTransfer';
import { reportSentTransaction } from './reportSentTransaction';
import { resolveEnsName } from './resolveEnsName';
import { revokeApproval } from './revokeApproval';
import { searchTokens } from './searchTokens';
import { startExecution } from './startExecution';
import { stopExecution } from './stopExecution';
import { takePrefill } from './takePrefill';
import { updateSettings } from './updateSettings';

/**
 * Every message the background answers with its own deps, by name (the explorer card declares its own three in
 * src/explorerCard/messages/). The protocol's types are derived from this list (src/messaging/protocol.ts).
 */
export const backgroundMessages = {
  // Extension pages and content scripts.
  getChains,
  getTools,
  searchTokens,
  getToken,
  getRoutes,
  // Extension pages only.
  getSettings,
  updateSettings,
  getServiceHold,
  takePrefill,
  getRecipientKind,
  resolveEnsName,
  getAllowance,
  getBalances,
  getSolanaBalances,
  importToken,
  addChainRpc,
  previewTransfer,
  revokeApproval,
  startExecution,
  continueExecution,
  answerExecutionRate,
  stopExecution,
  dismissExecution,
  getTransfers,
  lookUpTransfer,
  // Content scripts only: the wallet relay.
  reportSentTransaction,
};
