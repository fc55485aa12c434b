import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
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
      ? i18n.t('popup.settings.explorersNamed', [
          hosts.slice(0, SHOWN_HOSTS).join(', '),
          String(hosts.length - SHOWN_HOSTS),
        ])
      : hosts.join(', ');
  const allow = () => {
    setNote(undefined);
    // Straight from the click, before any await: the browser shows its prompt only during the gesture.
    requestExplorerPermissions(chains)
      .then(async (granted) => {
        if (!granted) setNote(i18n.t('popup.settings.explorersRefused'));
        setMissing(await missingExplorerPermissions(chains));
      })
      .catch(() => setNote(i18n.t('popup.settings.explorersFailed')));
  };
  return (
    <div class="explorer-access" data-testid="explorer-access">
      <p class="muted small">{i18n.t('popup.settings.explorersNote', [named])}</p>
      <button type="button" class="link" onClick={allow}>
        {hosts.length === 1 ? i18n.t('popup.settings.allowThis') : i18n.t('popup.settings.allowThese')}
      </button>
      {note && (
        <p class="muted small" role="status">
          {note}
        </p>
      )}
    </div>
  );
}
