import { useQuery } from '@tanstack/react-query';
import { useShell } from '../session/ShellContext';
import { profileOf, PROFILE_PULL_MS, type LexwareProfile } from './wizard';

/** The Lexware profile, pulled fresh; during the VAT step every 2.5 s. */
export function useLexwareProfile(poll: boolean) {
  const { api } = useShell();
  return useQuery<LexwareProfile>({
    queryKey: ['lexoffice', 'profile'],
    queryFn: async () => {
      const profile = profileOf(await api.request<unknown>('/lexoffice/pull', { method: 'POST' }));
      if (!profile) throw new Error('Lexware Office hat kein lesbares Profil geliefert.');
      return profile;
    },
    refetchInterval: poll ? PROFILE_PULL_MS : false,
    retry: false,
  });
}
