import { SOCIAL_SERVICES, type SocialService } from '@kosh/contracts/constants';
import { useSettings } from '../../shell/bootstrap-store.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { SOCIAL_LABELS, SocialIcon } from './SocialIcon.tsx';
import { useSocialAuth } from './useSocialAuth.tsx';

/** Providers switched on in settings.social, in the spec's order (part 1, 2.3). */
export function useEnabledSocialServices(): SocialService[] {
  const { social } = useSettings();
  return SOCIAL_SERVICES.filter((s) => social?.[s]?.enable);
}

/**
 * Social sign-in buttons below a divider: 'OR' and one outlined row per provider, or, in
 * compact mode (social.compact_buttons), 'Or sign up with' and round icon buttons (part 1, 2.4).
 */
export function SocialButtons() {
  const { trans } = useTrans();
  const { social } = useSettings();
  const services = useEnabledSocialServices();
  const { loginWith, pendingService, passwordDialog } = useSocialAuth();
  if (!services.length) return null;
  const isCompact = !!social?.compact_buttons;
  return (
    <div className="mt-6" data-testid="social-buttons">
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled divider holding text; <hr> holds no content */}
      <div
        className="mb-5 flex items-center gap-3 text-xs font-medium text-fg-muted"
        role="separator"
        aria-label={trans(isCompact ? 'Or sign up with' : 'OR')}
      >
        <span className="h-px flex-1 bg-divider" />
        <span aria-hidden>{trans(isCompact ? 'Or sign up with' : 'OR')}</span>
        <span className="h-px flex-1 bg-divider" />
      </div>
      {isCompact ? (
        <div className="flex justify-center gap-3">
          {services.map((service) => (
            <IconButton
              key={service}
              label={trans(`Continue with ${SOCIAL_LABELS[service]}`)}
              onPress={() => void loginWith(service)}
              isDisabled={pendingService !== null}
              className="border border-divider text-fg"
            >
              <SocialIcon service={service} />
            </IconButton>
          ))}
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {services.map((service) => (
            <Button
              key={service}
              variant="secondary"
              size="lg"
              className="w-full text-fg"
              startIcon={<SocialIcon service={service} />}
              onPress={() => void loginWith(service)}
              isPending={pendingService === service}
              isDisabled={pendingService !== null}
            >
              {trans(`Continue with ${SOCIAL_LABELS[service]}`)}
            </Button>
          ))}
        </div>
      )}
      {passwordDialog}
    </div>
  );
}
