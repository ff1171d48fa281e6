import type { LegalContent } from './types.ts';

const pld: LegalContent = ({ brand }) => ({
  updated: '2026-11-24',
  summary: `A ${brand} não permite que os seus serviços sejam usados para lavar dinheiro, financiar o terrorismo ou burlar sanções. Esta política descreve como identificamos nossos clientes, acompanhamos suas operações, comunicamos o que é suspeito e guardamos registros, conforme a Lei 9.613/1998, a Lei 14.478/2022 (prestadoras de serviços de ativos virtuais), a Lei 13.810/2019 (sanções do Conselho de Segurança das Nações Unidas) e as normas do Banco Central do Brasil e do COAF, o Conselho de Controle de Atividades Financeiras.`,
  sections: [
    {
      id: 'kyc',
      heading: 'Conhecendo nossos clientes',
      blocks: [
        'Ninguém troca com a gente de forma anônima. Antes do primeiro pedido, confirmamos:',
        {
          list: [
            'nome completo, CPF, data de nascimento (18 anos ou mais), e-mail e telefone;',
            'um documento de identidade com foto, um comprovante de endereço recente e uma selfie segurando o documento, cada um conferido pela nossa equipe em até 24 horas;',
            'que o CPF é válido e corresponde aos documentos;',
            'se o cliente é pessoa politicamente exposta ou consta das listas de sanções do Conselho de Segurança das Nações Unidas e de outras listas que somos obrigados a observar;',
            'no caso de empresas, o CNPJ, o contrato social, os representantes legais e as pessoas físicas que, em última instância, são donas da empresa ou a controlam.',
          ],
        },
        'Carteiras, chaves PIX, contas bancárias e contas Deriv que recebem envios devem pertencer ao cliente. Os pagamentos devem vir de contas em nome do próprio cliente: um pagamento feito por outra pessoa é devolvido à origem.',
      ],
    },
    {
      id: 'risk',
      heading: 'Abordagem baseada em risco',
      blocks: [
        'Cada cliente é classificado por risco, considerando o perfil, a atividade declarada, os valores e a frequência das trocas. Clientes de risco mais alto, como pessoas politicamente expostas ou clientes com volumes acima do perfil, passam por diligência reforçada: podemos pedir comprovação de renda, da origem dos recursos ou da finalidade das operações, e um gestor precisa aprovar o relacionamento.',
      ],
    },
    {
      id: 'monitoring',
      heading: 'Monitoramento das operações',
      blocks: [
        'Nossa equipe analisa cada pedido antes de enviar o pagamento e, entre outros sinais, monitoramos:',
        {
          list: [
            'valores ou frequência incompatíveis com o perfil ou a renda declarada do cliente;',
            'valores divididos em pedidos menores para ficar abaixo de limites ou verificações;',
            'pagamentos feitos por terceiros, ou envios pedidos para contas de outras pessoas;',
            'cripto vinda de, ou enviada para, endereços ligados a fraudes, mercados da darknet, mixers ou pessoas sancionadas;',
            'clientes que se recusam a prestar informações, ou prestam informações que não fecham.',
          ],
        },
        'Enquanto verificamos um pedido, podemos retê-lo, pedir informações ou documentos, recusá-lo, devolver o pagamento à origem ou encerrar a conta. Quando a lei ou uma ordem judicial exigir, bloqueamos os ativos envolvidos sem demora.',
      ],
    },
    {
      id: 'reporting',
      heading: 'Comunicação às autoridades',
      blocks: [
        'Operações que possam estar ligadas à lavagem de dinheiro, ao financiamento do terrorismo ou a outros crimes são comunicadas ao COAF pelo seu sistema oficial, no prazo das normas, e atendemos às requisições do Banco Central, da Receita Federal, da polícia e da Justiça. A lei nos proíbe de avisar o cliente sobre uma comunicação, e por isso não avisamos.',
      ],
    },
    {
      id: 'records',
      heading: 'Guarda de registros',
      blocks: [
        'Dados de identificação, documentos, pedidos, comprovantes de pagamento, hashes de transação e as análises da nossa equipe são guardados por pelo menos cinco anos após o fim do relacionamento ou a data da operação, ou por mais tempo quando uma autoridade pedir, de forma que cada operação possa ser reconstituída.',
      ],
    },
    {
      id: 'governance',
      heading: 'Governança e treinamento',
      blocks: [
        'Um diretor responsável pela prevenção à lavagem de dinheiro supervisiona esta política, que é revista pelo menos uma vez por ano. Todas as pessoas da nossa equipe que lidam com clientes, documentos ou pagamentos são treinadas ao entrar e depois todos os anos.',
      ],
    },
    {
      id: 'contact',
      heading: 'Com quem falar',
      blocks: [
        'Dúvidas sobre esta política, ou informações sobre uma operação suspeita envolvendo os nossos serviços, podem ser enviadas à nossa equipe de compliance pelos canais de atendimento, com “PLD” no assunto. As denúncias podem ser anônimas.',
      ],
    },
  ],
});

export default pld;
