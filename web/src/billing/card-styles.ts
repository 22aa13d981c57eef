/** The card of the billing pages: the surface of the checkout's order summary. */
export const cardClasses = 'rounded-kosh-lg bg-bg p-4 shadow-sm ring-1 ring-divider sm:p-6';
