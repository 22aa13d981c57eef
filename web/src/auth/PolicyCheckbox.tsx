import clsx from 'clsx';
import { Link } from 'react-router';
import { splitAtPlaceholder } from '../shell/i18n/translate.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { focusRing } from '../ui/button-styles.ts';
import { Checkbox } from '../ui/Checkbox.tsx';

type Policy = { id: string; label: string; action: string; type: string };
type Props = { policy: Policy; isSelected: boolean; onChange: (selected: boolean) => void; errorMessage?: string };

/** 'I accept the :name' with the policy name linking to its page, required (part 1, 2.4). */
export function PolicyCheckbox({ policy, isSelected, onChange, errorMessage }: Props) {
  const { trans } = useTrans();
  const [before, after] = splitAtPlaceholder(trans('I accept the :name'), 'name');
  const name = trans(policy.label);
  const linkClass = clsx('rounded-kosh font-medium text-primary hover:underline', focusRing);
  const errorId = `policy-${policy.id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <Checkbox
        name={policy.id}
        isSelected={isSelected}
        onChange={onChange}
        isRequired
        isInvalid={!!errorMessage}
        aria-describedby={errorMessage ? errorId : undefined}
        aria-label={trans('I accept the :name', { name })}
      >
        <span>
          {before}
          {policy.type === 'link' || /^https?:\/\//.test(policy.action) ? (
            <a href={policy.action} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {name}
            </a>
          ) : (
            <Link to={policy.action} target="_blank" className={linkClass}>
              {name}
            </Link>
          )}
          {after}
          <span className="ml-0.5 text-danger" aria-hidden>
            *
          </span>
        </span>
      </Checkbox>
      {errorMessage && (
        <p id={errorId} className="pl-[30px] text-xs text-danger">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
