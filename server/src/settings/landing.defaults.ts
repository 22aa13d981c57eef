import type { LandingSettings } from '@kosh/contracts';

/**
 * The landing page a new install shows (spec part 2, 1 and 2): every text is a line of the
 * `landing` section of lines-en.json, so the Hindi translation applies until an admin edits it.
 * Images are the illustrations shipped in web/public/landing/.
 */
export const LANDING_DEFAULTS: LandingSettings = {
  hero: {
    badge: 'Get 25 GB free',
    title: 'Secure cloud storage, kept in India',
    subtitle: 'Store, share and reach your files from any device. Get 25 GB free when you sign up.',
    image_light: '/landing/hero-light.svg',
    image_dark: '/landing/hero-dark.svg',
    cta: { label: 'Get started for free', action: '/register' },
    signed_in_cta: { label: 'Go to my drive', action: '/drive' },
    overlay: { from: '', to: '' },
  },
  about: {
    eyebrow: 'About us',
    title: 'Your files, safe and within reach',
    body:
      ':siteName is a cloud drive for individuals and businesses. Your files are encrypted and stored in ' +
      'data centres in India, and you can reach them from any device.',
  },
  features: [
    {
      icon: 'storage',
      title: '25 GB free storage',
      description: 'Every new account starts with 25 GB of free storage.',
    },
    {
      icon: 'upload',
      title: 'No upload size limit',
      description: 'Upload files of any size, from a single photo to a full disk image.',
    },
    {
      icon: 'bandwidth',
      title: 'No bandwidth limit',
      description: 'Upload as much as you like, as often as you like.',
    },
    { icon: 'encryption', title: 'Encrypted storage', description: 'Files are encrypted in transit and at rest.' },
    {
      icon: 'sharing',
      title: 'Easy sharing',
      description: 'Share files and folders with a link, with an optional password.',
    },
    {
      icon: 'devices',
      title: 'Any device',
      description: 'Use your drive from the browser on your computer, tablet or phone.',
    },
  ],
  india_banner: {
    title: 'Your data is safe in India',
    body: 'Your files are stored in data centres located in India and never leave the country.',
    image: '/landing/india.svg',
  },
  faq: [
    {
      question: 'Where are my files stored?',
      answer: 'Your files are stored in encrypted form in data centres located in India.',
    },
    {
      question: 'How much storage do I get for free?',
      answer: 'Every new account gets 25 GB of free storage. No credit card is needed.',
    },
    {
      question: 'Is there a limit on the size of the files I upload?',
      answer: 'No. There is no upload file size limit and no upload bandwidth limit.',
    },
    {
      question: 'Do you offer larger plans?',
      answer: 'Yes. Plans of 2 TB and higher are available, and larger storage is available on request.',
    },
    {
      question: 'Can I cancel my plan at any time?',
      answer: 'Yes. You can cancel from the billing page and keep your plan until the end of the paid period.',
    },
  ],
  blog: [
    {
      title: 'Why data residency matters for Indian businesses',
      excerpt:
        'Where your files live decides which laws protect them. Here is what keeping data in India means for you.',
      image: '/landing/blog-residency.svg',
      url: '/pages/articles',
    },
    {
      title: 'Five habits that keep your files safe',
      excerpt: 'Strong passwords, two-factor sign-in and a second copy: small habits that stop most data loss.',
      image: '/landing/blog-habits.svg',
      url: '/pages/articles',
    },
    {
      title: 'How to share large files without email limits',
      excerpt: 'Send a link instead of an attachment, with an optional password, for files of any size.',
      image: '/landing/blog-sharing.svg',
      url: '/pages/articles',
    },
  ],
  community: {
    title: 'Join the community',
    body: 'Thousands of people keep their files safe with :siteName. Create your free account today.',
    cta: { label: 'Create your free account', action: '/register' },
    image: '',
  },
};
