import Rule from '@mui/icons-material/Rule';
import { lazyScreen } from '../common/lazy';

export const rules = {
  list: lazyScreen(() => import('./RuleList'), 'RuleList'),
  create: lazyScreen(() => import('./RuleCreate'), 'RuleCreate'),
  edit: lazyScreen(() => import('./RuleEdit'), 'RuleEdit'),
  icon: Rule,
  recordRepresentation: 'name',
};
