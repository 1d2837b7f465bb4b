import Rule from '@mui/icons-material/Rule';
import { lazyNamed } from '../common/lazy';

export const rules = {
  list: lazyNamed(() => import('./RuleList'), 'RuleList'),
  create: lazyNamed(() => import('./RuleCreate'), 'RuleCreate'),
  edit: lazyNamed(() => import('./RuleEdit'), 'RuleEdit'),
  icon: Rule,
  recordRepresentation: 'name',
};
