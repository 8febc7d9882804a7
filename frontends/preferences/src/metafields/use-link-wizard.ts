import { useEffect, useState } from 'react';

const ASSISTANT = 'email-integration';

/**
 * The link wizard's open state on a settings page: `?assistant=email-integration` opens it (the shell's tips link
 * there), a button opens it too, and closing takes the parameter off the address, so a reload stays on the page.
 */
export function useLinkWizard({
  search,
  navigate,
  here,
}: {
  search: string;
  navigate: (to: string) => void;
  here: string;
}) {
  const asked = new URLSearchParams(search).get('assistant') === ASSISTANT;
  const [open, setOpen] = useState(asked);
  useEffect(() => {
    if (asked) setOpen(true);
  }, [asked]);
  const close = () => {
    setOpen(false);
    if (!asked) return;
    const rest = new URLSearchParams(search);
    rest.delete('assistant');
    const query = rest.toString();
    navigate(query ? `${here}?${query}` : here);
  };
  return { open, show: () => setOpen(true), close };
}
