import {
  HoldsFirstView,
  germanNumbers,
  partnerFigureTexts,
  PartnerFigures,
  PartnerOverviewPage,
  QueryState,
  shopQuery,
  type ApiClient,
  type PartnerSummary,
} from '@belegfluss/frontend-kit';
import { PARTNER_ALLOWANCE } from '@belegfluss/shared';
import { useQuery } from '@tanstack/react-query';
import { PARTNERS_ONLY } from './partner';

/** Roughly the three cards of figures: no jump when they arrive. */
const FIGURES_SKELETON = { lines: 18 };

/** The partner overview: info, commission, statistics. */
export function PartnerOverview({ api, basePath }: { api: ApiClient; basePath: string }) {
  const shop = useQuery(shopQuery(api));
  const isPartner = shop.data?.partner === true;
  const partner = useQuery({
    queryKey: ['partner'],
    queryFn: ({ signal }) => api.get<PartnerSummary>('/partner', signal),
    enabled: isPartner,
  });

  const content = (
    <QueryState
      query={shop}
      allowed={(s) => s.partner === true}
      forbidden={PARTNERS_ONLY}
      errorTitle="Der Shop konnte nicht geladen werden"
      skeleton={FIGURES_SKELETON}
      card
    >
      {() => (
        <QueryState
          query={partner}
          forbidden={PARTNERS_ONLY}
          errorTitle="Die Partnerdaten konnten nicht geladen werden"
          skeleton={FIGURES_SKELETON}
          card
        >
          {(summary) => (
            <PartnerFigures texts={partnerFigureTexts(summary, PARTNER_ALLOWANCE, germanNumbers)} basePath={basePath} />
          )}
        </QueryState>
      )}
    </QueryState>
  );

  // The view index.html painted from the same answers stays until they are here.
  const loading = shop.isPending || (isPartner && partner.isPending);
  return (
    <PartnerOverviewPage>
      {content}
      {loading ? <HoldsFirstView /> : null}
    </PartnerOverviewPage>
  );
}
