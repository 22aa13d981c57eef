// Custom pages a new install ships with (footer links of spec part 2, section 2).
// Plain HTML: headings, paragraphs and lists only; no scripts, inline styles or remote images.
// 'Kosh' is the default site name; operators edit these pages in the admin area.

export type SeedPage = { slug: string; title: string; body: string; seo: { title: string; description: string } };

const ABOUT_US = `
<h2>Your files, kept safe and close to home</h2>
<p>Kosh is a cloud drive for individuals and businesses who want their files to be private, easy to reach and stored in India. You can keep documents, photos, videos and backups in one place, open them from any device with a browser, and share them with a link when someone else needs them.</p>
<p>The word <em>kosh</em> means a treasury: a place where valuable things are kept safely. That is what we want your drive to be.</p>

<h2>What we believe</h2>
<ul>
  <li><strong>Your data belongs to you.</strong> We store your files so that you can use them. We do not sell them, mine them for advertising or share them with anyone you have not chosen.</li>
  <li><strong>Storage should be local.</strong> Every file is encrypted and held in data centres located in India, under Indian law, close to the people who use it.</li>
  <li><strong>Limits should be generous.</strong> Every new account starts with 25 GB of free storage. There is no upload file size limit and no upload bandwidth limit, so a large video or a full disk image is as easy to upload as a single photo.</li>
  <li><strong>Software should be open to inspection.</strong> Kosh can be self-hosted: a company, a school or a family can run its own copy on its own servers and keep full control of its data.</li>
</ul>

<h2>Who uses Kosh</h2>
<p>Freelancers use Kosh to deliver work to clients without email attachment limits. Small businesses use it to keep contracts, invoices and design files in shared folders their whole team can reach. Families use it to keep photos safe when a phone is lost or replaced. Organisations with large archives use our plans of 2 TB and higher, and can request larger storage at a per-GB rate.</p>

<h2>How we keep your files safe</h2>
<p>Files are encrypted in transit and at rest. Accounts can be protected with two factor authentication, you can see and end your active sessions at any time, and shared links can be restricted to signed-in users or protected with a password. When you delete your account, your files are deleted with it.</p>

<h2>Get in touch</h2>
<p>We would love to hear from you, whether you have a question about plans, want to become a reseller partner, or need help with your account. Use the contact page and a member of our team will get back to you.</p>
`;

const TERMS_OF_SERVICE = `
<h2>1. About these terms</h2>
<p>These terms govern your use of Kosh, a cloud file-storage service (the "Service"). By creating an account or using the Service you agree to them. If you use the Service on behalf of an organisation, you confirm that you may accept these terms for it. If you do not agree, please do not use the Service.</p>

<h2>2. Your account</h2>
<ul>
  <li>You must give accurate information when you register and keep your email address up to date.</li>
  <li>You are responsible for keeping your password, recovery codes and access tokens secret, and for all activity under your account. Tell us at once if you believe your account has been used without your permission.</li>
  <li>You must be old enough to enter a binding contract in your country, or use the Service with the consent of a parent or guardian.</li>
</ul>

<h2>3. Your content</h2>
<p>You keep all rights to the files you upload. You give us only the permission we need to store, copy, transmit and display your files in order to run the Service for you, for example to generate a preview or to deliver a file to someone you shared it with. This permission ends when you delete the files or your account, except for copies in backups that are removed on their normal schedule.</p>

<h2>4. Acceptable use</h2>
<p>You agree not to use the Service to:</p>
<ul>
  <li>store or share content that is unlawful, or that infringes the intellectual property or privacy of others;</li>
  <li>distribute malware, or try to gain unauthorised access to the Service, other accounts or our systems;</li>
  <li>send spam or run automated traffic that degrades the Service for other users;</li>
  <li>resell the Service without a reseller agreement with us.</li>
</ul>
<p>We may suspend or remove content or accounts that break these rules, and we will cooperate with lawful requests from authorities in India.</p>

<h2>5. Free storage and paid plans</h2>
<p>Every account includes 25 GB of free storage. Paid plans add storage and are billed in advance for the billing cycle you choose. Prices are shown in Indian rupees and GST is added where it applies. You can cancel at any time from the billing page; your plan stays active until the end of the period you have paid for. If your stored data exceeds your allowance after a plan ends, you can still download or delete files, but you cannot upload new ones until you are within your allowance again.</p>

<h2>6. Availability and changes</h2>
<p>We work hard to keep the Service available and your data safe, but we cannot promise that the Service will be uninterrupted or free of errors. Keep your own copies of files you cannot afford to lose. We may change or improve the Service, and we will give reasonable notice of changes to these terms that materially affect you.</p>

<h2>7. Liability</h2>
<p>To the extent permitted by law, we are not liable for indirect or consequential losses, and our total liability for any claim is limited to the amount you paid us in the twelve months before the claim.</p>

<h2>8. Ending the agreement</h2>
<p>You may delete your account at any time from the account settings page. We may end these terms if you seriously or repeatedly break them. These terms are governed by the laws of India.</p>
`;

const PRIVACY_POLICY = `
<h2>Our approach</h2>
<p>Kosh is a place for your files, not a source of data about you. This policy explains what personal data we collect, why we collect it, where it is kept and the choices you have. It is written with the Digital Personal Data Protection Act, 2023 and the Information Technology Act, 2000 in mind.</p>

<h2>What we collect</h2>
<ul>
  <li><strong>Account details:</strong> your email address, name, password (stored only as a secure hash), profile image, country, state, language and time zone.</li>
  <li><strong>Your files:</strong> the files and folders you upload, with their names, sizes and dates. We do not look at the contents of your files except to provide features you use, such as previews and thumbnails.</li>
  <li><strong>Session and security data:</strong> the device type, browser, platform, IP address and approximate city and country of each signed-in session, so that you can review and end your sessions.</li>
  <li><strong>Billing details:</strong> your plan and payment history. Card and bank details are handled by our payment providers and never stored on our servers.</li>
  <li><strong>Messages:</strong> the name, email, mobile number and message you send through the contact or reseller forms.</li>
</ul>

<h2>How we use it</h2>
<p>We use your data to run your account and store your files, to keep the Service secure, to send messages you need (verification codes, password resets, notifications you have chosen), to process payments and to answer your questions. We do not sell your data and we do not use your files for advertising.</p>

<h2>Where your data is kept</h2>
<p>Your files and account data are encrypted and stored in data centres located in India. Access by our staff is limited to what is needed to run and support the Service.</p>

<h2>Cookies</h2>
<p>We use a small number of cookies: one to keep you signed in, one to protect forms against cross-site request forgery, and a few to remember your preferences such as theme, workspace and your cookie choice. You can accept or reject optional cookies through the notice shown on your first visit.</p>

<h2>How long we keep it</h2>
<p>We keep your data while your account is open. When you delete your account, your files and personal data are deleted, and remaining copies in backups are removed on their normal schedule. We may keep billing records for as long as tax law requires.</p>

<h2>Your rights</h2>
<ul>
  <li>See and correct your account details at any time in account settings.</li>
  <li>Download your files whenever you like.</li>
  <li>Delete your account and the data that belongs to it.</li>
  <li>Choose which notifications you receive.</li>
  <li>Contact us with any question or complaint about how your data is handled.</li>
</ul>

<h2>Changes to this policy</h2>
<p>If we make a significant change to this policy we will tell you by email or with a notice in the app before it takes effect.</p>
`;

const ARTICLES = `
<p>Practical notes on storing, protecting and sharing files, from the Kosh team.</p>

<h2>Why data residency matters for Indian businesses</h2>
<p>Data residency means knowing, and choosing, the country where your data is physically stored. For Indian businesses it is becoming a practical question rather than a legal footnote. The Digital Personal Data Protection Act, 2023 sets clear duties for anyone who handles personal data, and sector regulators increasingly expect customer records to stay within the country.</p>
<p>Keeping files in India also has everyday benefits. Uploads and downloads travel a shorter distance, so large files move faster for teams across the country. Disputes are settled under Indian law, and your provider can answer questions about where a file lives without a chain of overseas subcontractors. Kosh stores every file, encrypted, in data centres located in India, so you get these benefits without extra configuration.</p>

<h2>Five habits that keep your files safe</h2>
<ul>
  <li><strong>Turn on two factor authentication.</strong> A stolen password alone is then not enough to enter your account. Store your recovery codes somewhere safe.</li>
  <li><strong>Use a password manager.</strong> A long, unique password for every service stops one leak from opening all your accounts.</li>
  <li><strong>Review your active sessions.</strong> Account settings list every signed-in device. If you see one you do not recognise, log out other sessions and change your password.</li>
  <li><strong>Share with care.</strong> Give links a password, restrict them to signed-in users, and remove links you no longer need.</li>
  <li><strong>Keep more than one copy.</strong> A cloud drive protects you from a lost or broken phone, but files you cannot replace deserve a second copy on a disk you keep at home or in the office.</li>
</ul>

<h2>How to share large files without email limits</h2>
<p>Most email services refuse attachments larger than about 25 MB, which rules out videos, design files and backups. A shareable link avoids the problem: the file stays in your drive and the recipient downloads it directly.</p>
<p>In Kosh, upload the file or folder (there is no upload file size limit), open its menu and choose <em>Get link</em>. Copy the link and paste it into your email or chat. If the content is private, add a password or restrict the link to signed-in users, and send the password through a different channel. Because the recipient always downloads the current version, you can fix a mistake by replacing the file instead of sending a new attachment.</p>
`;

export const DEFAULT_PAGES: SeedPage[] = [
  {
    slug: 'about-us',
    title: 'About us',
    body: ABOUT_US.trim(),
    seo: {
      title: 'About us | Kosh',
      description:
        'Kosh is a cloud drive that keeps your files encrypted and stored in India, with 25 GB free and no upload size limit.',
    },
  },
  {
    slug: 'terms-of-service',
    title: 'Terms of service',
    body: TERMS_OF_SERVICE.trim(),
    seo: {
      title: 'Terms of service | Kosh',
      description:
        'The terms that govern your use of Kosh cloud storage: your account, your content, acceptable use and paid plans.',
    },
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    body: PRIVACY_POLICY.trim(),
    seo: {
      title: 'Privacy policy | Kosh',
      description: 'What personal data Kosh collects, why, where it is stored in India and the choices you have.',
    },
  },
  {
    slug: 'articles',
    title: 'Articles',
    body: ARTICLES.trim(),
    seo: {
      title: 'Articles | Kosh',
      description: 'Practical notes on data residency in India, keeping your files safe and sharing large files.',
    },
  },
];
