import clsx from 'clsx';
import { Link } from 'react-router';
import { focusRing } from '../../ui/button-styles.ts';
import { useSettings } from '../bootstrap-store.ts';
import { useTrans } from '../i18n/useTrans.tsx';
import { CustomMenu } from '../menus/CustomMenu.tsx';
import { Logo } from './Logo.tsx';

const link = clsx('rounded-kosh text-sm text-fg-muted hover:text-fg hover:underline', focusRing);
const columnTitle = 'text-sm font-semibold text-fg';

/** Help links of the public site; the FAQ and the reseller form live on the landing page. */
const HELP_LINKS = [
  { label: 'Frequently asked questions', to: '/#faq' },
  { label: 'Contact us', to: '/contact' },
  { label: 'Reseller', to: '/reseller' },
];

/**
 * The landing page's richer footer top (spec part 2, 1: company, policy and help links): the
 * logo and site description, then the 'footer' menu as Company, 'footer-secondary' as Policies,
 * and Help.
 */
export function FooterColumns() {
  const { trans } = useTrans();
  const { branding } = useSettings();
  return (
    <div className="grid grid-cols-2 gap-10 py-6 sm:grid-cols-3 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
      <div className="col-span-2 sm:col-span-3 lg:col-span-1">
        <Logo />
        <p className="mt-4 max-w-[320px] text-sm text-fg-muted">{trans(branding.site_description)}</p>
      </div>
      <div>
        <h2 className={columnTitle}>{trans('Company')}</h2>
        <CustomMenu position="footer" label={trans('Company')} className="mt-4 flex-col gap-3" itemClassName={link} />
      </div>
      <div>
        <h2 className={columnTitle}>{trans('Policies')}</h2>
        <CustomMenu
          position="footer-secondary"
          label={trans('Policies')}
          className="mt-4 flex-col gap-3"
          itemClassName={link}
        />
      </div>
      <div>
        <h2 className={columnTitle}>{trans('Help')}</h2>
        <nav aria-label={trans('Help')}>
          <ul className="mt-4 flex flex-col gap-3">
            {HELP_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={link}>
                  {trans(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
