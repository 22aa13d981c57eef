export type EnquirySubmitSteps<T> = {
  /** The human check 'contact'; true when it passes or is off. */
  checkHuman: () => Promise<boolean>;
  /** The form's own check; the parsed values, or null when a field is wrong. */
  validate: () => Promise<T | null>;
  send: (values: T) => void | Promise<void>;
};

export type EnquirySubmitOutcome = 'sent' | 'invalid' | 'not-human';

/**
 * The order of one enquiry submit (spec part 2, 5): the fields, then the human check, then the
 * send; the landing reseller form runs its check first. Nothing is sent unless both pass.
 */
export async function submitEnquiry<T>(
  steps: EnquirySubmitSteps<T>,
  isCheckFirst = false,
): Promise<EnquirySubmitOutcome> {
  if (isCheckFirst && !(await steps.checkHuman())) return 'not-human';
  const values = await steps.validate();
  if (values === null) return 'invalid';
  if (!isCheckFirst && !(await steps.checkHuman())) return 'not-human';
  await steps.send(values);
  return 'sent';
}
