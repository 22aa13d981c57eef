// The rules live in contracts: the web app checks them too before an upload starts.
export { isTypeAllowed, matchesPattern, type UploadRules } from '@kosh/contracts/upload-rules';
