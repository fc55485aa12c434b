import type { Abi, Address, Hex } from 'viem';
import {
  celerCircleBridgeFacetDevAbi,
  celerCircleBridgeFacetDevDeployedBytecode,
} from './artifacts/CelerCircleBridgeFacetDev';
import { chainflipFacetDevAbi, chainflipFacetDevDeployedBytecode } from './artifacts/ChainflipFacetDev';
import { deBridgeDlnFacetDevAbi, deBridgeDlnFacetDevDeployedBytecode } from './artifacts/DeBridgeDlnFacetDev';
import { gasZipFacetDevAbi, gasZipFacetDevDeployedBytecode } from './artifacts/GasZipFacetDev';
import { gasZipPeripheryDevAbi, gasZipPeripheryDevDeployedBytecode } from './artifacts/GasZipPeripheryDev';
import { glacisFacetDevAbi, glacisFacetDevDeployedBytecode } from './artifacts/GlacisFacetDev';
import { mayanFacetDevAbi, mayanFacetDevDeployedBytecode } from './artifacts/MayanFacetDev';
import { nearIntentsFacetDevAbi, nearIntentsFacetDevDeployedBytecode } from './artifacts/NearIntentsFacetDev';
import { polymerCCTPFacetDevAbi, polymerCCTPFacetDevDeployedBytecode } from './artifacts/PolymerCCTPFacetDev';
import {
  relayDepositoryFacetDevAbi,
  relayDepositoryFacetDevDeployedBytecode,
} from './artifacts/RelayDepositoryFacetDev';
import { stargateFacetV2DevAbi, stargateFacetV2DevDeployedBytecode } from './artifacts/StargateFacetV2Dev';
import { symbiosisFacetDevAbi, symbiosisFacetDevDeployedBytecode } from './artifacts/SymbiosisFacetDev';

/** A facet's code at the address the devnet diamond's fallback delegates its selectors to. */
export type DevFacet = { name: string; address: Address; abi: Abi; bytecode: Hex };

const at = (n: number): Address => `0x${n.toString(16).padStart(40, '0')}`;

/**
 * The bridge facets of the devnet's LI.FI diamond (contracts/LiFiDev*Facet.sol), at the addresses its selector table
 * names (contracts/LiFiDiamondDev.sol, RELAY_DEPOSITORY_FACET …): setup installs each with anvil_setCode.
 */
export const DEV_FACETS: readonly DevFacet[] = [
  {
    name: 'RelayDepositoryFacet',
    address: at(0x1f1fac01),
    abi: relayDepositoryFacetDevAbi,
    bytecode: relayDepositoryFacetDevDeployedBytecode,
  },
  {
    name: 'StargateFacetV2',
    address: at(0x1f1fac02),
    abi: stargateFacetV2DevAbi,
    bytecode: stargateFacetV2DevDeployedBytecode,
  },
  { name: 'MayanFacet', address: at(0x1f1fac03), abi: mayanFacetDevAbi, bytecode: mayanFacetDevDeployedBytecode },
  {
    name: 'DeBridgeDlnFacet',
    address: at(0x1f1fac04),
    abi: deBridgeDlnFacetDevAbi,
    bytecode: deBridgeDlnFacetDevDeployedBytecode,
  },
  {
    name: 'CelerCircleBridgeFacet',
    address: at(0x1f1fac05),
    abi: celerCircleBridgeFacetDevAbi,
    bytecode: celerCircleBridgeFacetDevDeployedBytecode,
  },
  {
    name: 'PolymerCCTPFacet',
    address: at(0x1f1fac06),
    abi: polymerCCTPFacetDevAbi,
    bytecode: polymerCCTPFacetDevDeployedBytecode,
  },
  { name: 'GasZipFacet', address: at(0x1f1fac07), abi: gasZipFacetDevAbi, bytecode: gasZipFacetDevDeployedBytecode },
  { name: 'GlacisFacet', address: at(0x1f1fac08), abi: glacisFacetDevAbi, bytecode: glacisFacetDevDeployedBytecode },
  {
    name: 'NEARIntentsFacet',
    address: at(0x1f1fac09),
    abi: nearIntentsFacetDevAbi,
    bytecode: nearIntentsFacetDevDeployedBytecode,
  },
  {
    name: 'ChainflipFacet',
    address: at(0x1f1fac0a),
    abi: chainflipFacetDevAbi,
    bytecode: chainflipFacetDevDeployedBytecode,
  },
  {
    name: 'SymbiosisFacet',
    address: at(0x1f1fac0b),
    abi: symbiosisFacetDevAbi,
    bytecode: symbiosisFacetDevDeployedBytecode,
  },
];

/**
 * LI.FI's GasZipPeriphery (contracts/LiFiDevGasZipPeriphery.sol) at production's address on the devnet's four chains
 * (lifinance/contracts deployments/{mainnet,arbitrum,base,optimism}.json, commit ef00558f): a bridge call's swap step
 * that turns part of the token sent into gas on arrival (`fromAmountForGas`). Not a facet: the diamond calls it.
 */
export const GAS_ZIP_PERIPHERY: DevFacet = {
  name: 'GasZipPeriphery',
  address: '0x363d698649cd04f9692Ab86e8365b227c1ee859d',
  abi: gasZipPeripheryDevAbi,
  bytecode: gasZipPeripheryDevDeployedBytecode,
};
