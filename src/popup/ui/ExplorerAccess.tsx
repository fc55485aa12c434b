import { useEffect, useState } from 'preact/hooks';
import { missingExplorerPermissions, requestExplorerPermissions } from '../../explorerCard/sites/permissions';
import type { Chain } from '../../schemas/catalog';

const SHOWN_HOSTS = 3;

/** `https://explorer.zksync.io/*` → `explorer.zksync.io`. */
const hostOf = (pattern: string) => pattern.replace(/^[a-z]+:\/\//, '').replace(/\/\*$/, '');

/**
 * Under "Show quotes on block explorers": explorers of the service's chains beyond the well-known ones get the card
 * only once the person lets the extension into their pages. Nothing shows when nothing is missing.
 */
export function ExplorerAccess({ chains }: { chains: Chain[] }) {
  const [missing, setMissing] = useState<string[]>([]);
  const [note, setNote] = useState<string>();
  useEffect(() => {
    let live = true;
    missingExplorerPermissions(chains).then(
      (list) => live && setMissing(list),
      () => live && setMissing([]),
    );
    return () => {
      live = false;
    };
  }, [chains]);
  if (missing.length === 0) return null;

  const hosts = missing.map(hostOf);
  const named =
    hosts.length > SHOWN_HOSTS
      ? `${hosts.slice(0, SHOWN_HOSTS).join(', ')} and ${hosts.length - SHOWN_HOSTS} more`
      : hosts.join(', ');
  const allow = () => {
    setNote(undefined);
    // Straight from the click, before any await: the browser shows its prompt only during the gesture.
    requestExplorerPermissions(chains)
      .then(async (granted) => {
        if (!granted) setNote('Not allowed: those explorers will show no quotes.');
        setMissing(await missingExplorerPermissions(chains));
      })
      .catch(() => setNote('Could not ask for access to those explorers.'));
  };
  return (
    <div class="explorer-access" data-testid="explorer-access">
      <p class="muted small">Quotes can also appear on {named} once you let the extension read those pages.</p>
      <button type="button" class="link" onClick={allow}>
        Allow on {hosts.length === 1 ? 'this explorer' : 'these explorers'}
      </button>
      {note && (
        <p class="muted small" role="status">
          {note}
        </p>
      )}
    </div>
  );
}
