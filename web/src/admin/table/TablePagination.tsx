import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { IconButton } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { formatCount, PAGE_SIZES, pageRange } from './table-state.ts';

type Props = {
  pagination: { current_page: number; last_page: number; per_page: number; total: number; total_estimated?: boolean };
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
};

/** Rows per page, "1–15 of 1,234" ("of about" for PostgreSQL's estimate of a huge list), previous and next. */
export function TablePagination({ pagination, perPage, onPage, onPerPage }: Props) {
  const { trans, language } = useTrans();
  const { from, to, total } = pageRange(pagination);
  const page = pagination.current_page;
  return (
    <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 px-4 py-2 text-sm text-fg-muted sm:gap-x-6">
      <div className="flex items-center gap-2">
        <span aria-hidden className="hidden sm:inline">
          {trans('Rows per page')}
        </span>
        <Select
          label={<span className="sr-only">{trans('Rows per page')}</span>}
          options={PAGE_SIZES.map((size) => ({ id: size, label: String(size) }))}
          value={perPage}
          onChange={(value) => value !== null && onPerPage(Number(value))}
          className="w-20 [&>label]:sr-only"
        />
      </div>
      <span aria-live="polite" data-testid="table-range">
        {trans(pagination.total_estimated ? ':from–:to of about :total' : ':from–:to of :total', {
          from: formatCount(from, language),
          to: formatCount(to, language),
          total: formatCount(total, language),
        })}
      </span>
      <div className="flex items-center gap-1">
        <IconButton label={trans('Previous page')} isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
          <ChevronLeft size={20} aria-hidden />
        </IconButton>
        <IconButton
          label={trans('Next page')}
          isDisabled={page >= pagination.last_page}
          onPress={() => onPage(page + 1)}
        >
          <ChevronRight size={20} aria-hidden />
        </IconButton>
      </div>
    </div>
  );
}
