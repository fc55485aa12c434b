import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { Chain } from '../../schemas/catalog';
import { Avatar } from './Avatar';
import { Dialog } from './Dialog';

export function ChainPicker(props: {
  label: string;
  chains: Chain[];
  selected?: number;
  onPick(id: number): void;
  onClose(): void;
}) {
  const [filter, setFilter] = useState('');
  const q = filter.trim().toLowerCase();
  const shown = q ? props.chains.filter((c) => c.name.toLowerCase().includes(q) || String(c.id) === q) : props.chains;
  return (
    <Dialog label={props.label} onClose={props.onClose}>
      <input
        type="search"
        class="search"
        aria-label={i18n.t('popup.picker.searchChains')}
        placeholder={i18n.t('popup.picker.searchChains')}
        value={filter}
        onInput={(e) => setFilter(e.currentTarget.value)}
      />
      <ul class="chain-list" aria-label={i18n.t('popup.picker.chainsList')}>
        {shown.map((chain) => (
          <li key={chain.id}>
            <button
              type="button"
              class={`chain-option${chain.id === props.selected ? ' selected' : ''}`}
              aria-pressed={chain.id === props.selected}
              onClick={() => props.onPick(chain.id)}
            >
              <Avatar src={chain.logoURI} name={chain.name} />
              <span>{chain.name}</span>
            </button>
          </li>
        ))}
        {shown.length === 0 && <li class="muted">{i18n.t('popup.picker.noChainMatch', [filter])}</li>}
      </ul>
    </Dialog>
  );
}
