import { EventLog, type Shop } from '@belegfluss/frontend-kit';
import { useShell } from '../../session/ShellContext';
import { LogPageFrame } from './LogPageFrame';

/** `/log`: the shop's whole event log, with the retention of its plan. */
export function LogPage({ shop }: { shop: Shop }) {
  const { api } = useShell();
  return (
    <LogPageFrame plan={shop.plan}>
      <EventLog api={api} base="/shop/logs" title="Einträge" />
    </LogPageFrame>
  );
}
