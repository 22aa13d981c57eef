import { LANDING_FEATURE_ICONS, type LandingSettings } from '@kosh/contracts';
import { useTrans } from '../../../../shell/i18n/useTrans.tsx';
import { TextArea } from '../../../../ui/TextArea.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { ImageField } from '../ImageField.tsx';
import { SectionLinks, SectionTitle } from '../SectionLinks.tsx';
import { newLandingItem } from './landing-draft.ts';
import { type ItemField, ListEditor } from './ListEditor.tsx';
import { useLandingDraft } from './useLandingDraft.ts';

export const LANDING_SCREENS = [
  { to: 'general', label: 'General', description: 'Hero, about, banner and community texts' },
  { to: 'action-buttons', label: 'Action buttons', description: 'Where the main buttons lead' },
  { to: 'primary-features', label: 'Primary features', description: 'The feature cards' },
  { to: 'secondary-features', label: 'Secondary features', description: 'The blog teasers' },
  { to: 'faq', label: 'Questions', description: 'The questions and answers' },
] as const;

/** /admin/appearance/landing-page: its screens. */
export function LandingSectionList() {
  return (
    <>
      <SectionTitle>Landing page</SectionTitle>
      <SectionLinks title="Landing page sections" links={LANDING_SCREENS} />
    </>
  );
}

/** What the server refused in the landing setting when no field shows it (an error not about one field). */
function SaveError({ errors }: { errors: Record<string, string> }) {
  const message = errors.landing;
  if (!message || Object.keys(errors).some((key) => key.startsWith('landing.'))) return null;
  return (
    <p role="alert" className="-mt-2 rounded-kosh bg-bg-alt p-3 text-xs text-danger">
      {message}
    </p>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  const { trans } = useTrans();
  return (
    <section aria-label={trans(title)} className="flex flex-col gap-4">
      <h3 className="text-base font-medium text-fg">{trans(title)}</h3>
      {children}
    </section>
  );
}

/** /admin/appearance/landing-page/general: the texts and images of the page's sections. */
export function LandingGeneral() {
  const { trans } = useTrans();
  const { field, update, errors } = useLandingDraft();
  const image = (path: string, label: string) => {
    const { value, errorMessage } = field(path);
    return <ImageField label={label} value={value} errorMessage={errorMessage} onChange={(url) => update(path, url)} />;
  };
  return (
    <div className="flex flex-col gap-6">
      <SectionTitle>General</SectionTitle>
      <SaveError errors={errors} />
      <Group title="Hero">
        <TextField label={trans('Badge')} {...field('hero.badge')} />
        <TextField label={trans('Title')} isRequired {...field('hero.title')} />
        <TextArea label={trans('Subtitle')} rows={3} {...field('hero.subtitle')} />
        {image('hero.image_light', 'Image')}
        {image('hero.image_dark', 'Image for the dark theme')}
        <TextField
          label={trans('Overlay colour')}
          description={trans('Behind the hero in light themes, a colour such as #e8f0fe; empty for none.')}
          {...field('hero.overlay.from')}
        />
        <TextField
          label={trans('Second overlay colour')}
          description={trans('Blends the first into this one; empty for a plain colour.')}
          {...field('hero.overlay.to')}
        />
      </Group>
      <Group title="About">
        <TextField label={trans('Eyebrow')} {...field('about.eyebrow')} />
        <TextField label={trans('Title')} {...field('about.title')} />
        <TextArea label={trans('Text')} rows={4} {...field('about.body')} />
      </Group>
      <Group title="Banner">
        <TextField label={trans('Title')} {...field('india_banner.title')} />
        <TextArea label={trans('Text')} rows={3} {...field('india_banner.body')} />
        {image('india_banner.image', 'Image')}
      </Group>
      <Group title="Community">
        <TextField label={trans('Title')} {...field('community.title')} />
        <TextArea label={trans('Text')} rows={3} {...field('community.body')} />
        {image('community.image', 'Image')}
      </Group>
    </div>
  );
}

/** /admin/appearance/landing-page/action-buttons: the calls to action. */
export function LandingActionButtons() {
  const { trans } = useTrans();
  const { field, errors } = useLandingDraft();
  const cta = (path: string, title: string, description: string) => (
    <Group title={title}>
      <p className="-mt-2 text-xs text-fg-muted">{trans(description)}</p>
      <TextField label={trans('Label')} isRequired {...field(`${path}.label`)} />
      <TextField
        label={trans('Link')}
        isRequired
        description={trans('A path such as /register, or an https address.')}
        {...field(`${path}.action`)}
      />
    </Group>
  );
  return (
    <div className="flex flex-col gap-6">
      <SectionTitle>Action buttons</SectionTitle>
      <SaveError errors={errors} />
      {cta('hero.cta', 'Hero button', 'Shown to visitors.')}
      {cta('hero.signed_in_cta', 'Hero button when signed in', 'Shown to people who are signed in.')}
      {cta('community.cta', 'Community button', 'At the end of the page.')}
    </div>
  );
}

const FEATURE_FIELDS: readonly ItemField[] = [
  { name: 'title', label: 'Title', kind: 'text', isRequired: true },
  { name: 'description', label: 'Description', kind: 'textarea' },
  {
    name: 'icon',
    label: 'Icon',
    kind: 'select',
    options: LANDING_FEATURE_ICONS.map((icon) => ({ id: icon, label: icon[0].toUpperCase() + icon.slice(1) })),
  },
];

const TEASER_FIELDS: readonly ItemField[] = [
  { name: 'title', label: 'Title', kind: 'text', isRequired: true },
  { name: 'excerpt', label: 'Excerpt', kind: 'textarea' },
  { name: 'image', label: 'Image', kind: 'image' },
  { name: 'url', label: 'Link', kind: 'text', isRequired: true },
];

const FAQ_FIELDS: readonly ItemField[] = [
  { name: 'question', label: 'Question', kind: 'text', isRequired: true },
  { name: 'answer', label: 'Answer', kind: 'textarea' },
];

const LISTS = {
  features: { title: 'Primary features', itemName: 'Feature', fields: FEATURE_FIELDS, max: 12 },
  blog: { title: 'Secondary features', itemName: 'Teaser', fields: TEASER_FIELDS, max: 6 },
  faq: { title: 'Questions', itemName: 'Question', fields: FAQ_FIELDS, max: 20 },
} as const;

function LandingListScreen({ list }: { list: keyof typeof LISTS }) {
  const { landing, update, errors } = useLandingDraft();
  const { title, itemName, fields, max } = LISTS[list];
  return (
    <div className="flex flex-col gap-4">
      <SectionTitle>{title}</SectionTitle>
      <SaveError errors={errors} />
      <ListEditor<Record<string, unknown>>
        itemName={itemName}
        items={landing[list] as LandingSettings[typeof list] as Array<Record<string, unknown>>}
        fields={fields}
        max={max}
        onChange={(items) => update(list, items)}
        newItem={() => newLandingItem(list) as Record<string, unknown>}
        errorOf={(index, name) => errors[`landing.${list}.${index}.${name}`]}
      />
    </div>
  );
}

/** /admin/appearance/landing-page/primary-features: the feature cards. */
export const LandingPrimaryFeatures = () => <LandingListScreen list="features" />;
/** /admin/appearance/landing-page/secondary-features: the blog teasers. */
export const LandingSecondaryFeatures = () => <LandingListScreen list="blog" />;
/** /admin/appearance/landing-page/faq: the questions of the FAQ. */
export const LandingFaq = () => <LandingListScreen list="faq" />;
