import base from './eslint.config.mjs';
export default [...base, { files: ['**/*.ts'], rules: { 'max-lines': ['error', { max: 500 }], 'max-lines-per-function': ['error', { max: 120 }] } }];
